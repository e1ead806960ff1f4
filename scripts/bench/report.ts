import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type Verdict = "PASS" | "FAIL" | "n/a";

export type Cell = number | string | null;

/** How one column of a suite's table is labelled and formatted. */
export type Column = { key: string; label: string; digits?: number; suffix?: string };

/** The first columns of a load test's table: throughput, median and tail latency. */
export const LATENCY_COLUMNS: Column[] = [
  { key: "rps", label: "req/s" },
  { key: "p50", label: "p50 ms", digits: 1 },
  { key: "p99", label: "p99 ms", digits: 1 },
];

/** Load averages (1, 5 and 15 minutes) as text: `1.20 / 0.98 / 0.75`. */
export const loadText = (load: number[]) => load.map((value) => value.toFixed(2)).join(" / ");

/** A report's note on how busy the machine was before and after the suite. */
export const machineLoadNote = (before: number[], after: number[] = os.loadavg()) =>
  `machine load (1/5/15 min) before ${loadText(before)}, after ${loadText(after)} on ${os.cpus().length} cores`;

export type ResultRow = {
  target: string;
  values: Record<string, Cell>;
  /** The target to meet, in words ("≥ 0.5× bare"), or "n/a". */
  goal: string;
  verdict: Verdict;
  reason?: string;
};

/** What every bench suite hands back: its own columns, one row per target, free-form notes and raw data. */
export type SuiteReport = {
  suite: string;
  title: string;
  columns: Column[];
  rows: ResultRow[];
  notes: string[];
  raw?: unknown;
};

/**
 * A ratio goal: FAIL when the ratio is below `min` or the target answered anything but 2xx;
 * without a goal the row is "n/a" unless it failed to answer.
 */
export function ratioVerdict(
  ratio: number,
  min: number | null,
  failures: number,
): Pick<ResultRow, "goal" | "verdict" | "reason"> {
  const goal = min === null ? "n/a" : `≥ ${min}× bare`;
  if (failures > 0) return { goal, verdict: "FAIL", reason: `${failures} non-2xx responses or errors` };
  if (min === null) return { goal, verdict: "n/a" };
  return ratio >= min
    ? { goal, verdict: "PASS" }
    : { goal, verdict: "FAIL", reason: `ratio ${ratio.toFixed(2)} < ${min}` };
}

function format(value: Cell | undefined, column: Column): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return value;
  return value.toFixed(column.digits ?? 0) + (column.suffix ?? "");
}

/** Prints a suite as a plain aligned table (right-aligned numbers), then its notes. */
export function printSuite(report: SuiteReport): void {
  const header = ["target", ...report.columns.map((column) => column.label), "goal", "result"];
  const lines = report.rows.map((row) => [
    row.target,
    ...report.columns.map((column) => format(row.values[column.key], column)),
    row.goal,
    row.verdict + (row.reason ? ` (${row.reason})` : ""),
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => (line[index] ?? "").length)),
  );
  const numeric = (index: number) => index > 0 && index <= report.columns.length;
  const render = (cells: string[]) =>
    cells
      .map((cell, index) => (numeric(index) ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0)))
      .join("  ")
      .trimEnd();
  console.log(`\n${report.title}`);
  console.log(render(header));
  console.log(render(widths.map((width) => "-".repeat(width))));
  for (const line of lines) console.log(render(line));
  for (const note of report.notes) console.log(`  · ${note}`);
}

export function countVerdicts(reports: SuiteReport[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { PASS: 0, FAIL: 0, "n/a": 0 };
  for (const row of reports.flatMap((report) => report.rows)) counts[row.verdict]++;
  return counts;
}

export async function writeResults(file: string, payload: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(payload, null, 2)}\n`);
}
