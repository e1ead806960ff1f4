/** A map cell's fill code: blank (never heard), or its revision currency (week, month, older, never revised). */
export type FillCode = "b" | "w" | "m" | "o" | "n";

/** Fill per code (short classes in app/globals.css: 240 cells a page); the legend uses the same. */
export const FILLS: Record<FillCode, string> = { w: "qm-w", m: "qm-m", o: "qm-o", n: "qm-n", b: "qm-b" };
