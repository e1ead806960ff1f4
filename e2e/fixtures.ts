import { test as base, expect } from "@playwright/test";

/** Fixed values of the embedded demo (see the README); specs take them from here. */
export const DEMO = {
  schools: { alnoor: "Al-Noor Quran School", arqam: "Dar Al-Arqam" },
} as const;

type Fixtures = { demo: typeof DEMO };

export const test = base.extend<Fixtures>({
  demo: [DEMO, { option: true }],
});

export { expect };
