import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

/**
 * Runs after every other project: the servers' own output (tee'd by playwright.config.ts) holds no
 * unhandled error. A refusal, a conflict, a missing record or bad input is answered, never thrown.
 */
test("the servers logged no unhandled error during the whole run", () => {
  const logs = [process.env.E2E_PORT, process.env.E2E_SPEC_ONLY_PORT, process.env.E2E_LARGE_PORT].map((port) => `.test-reports/e2e-server-${port}.log`);
  for (const log of logs) {
    expect(existsSync(log), log).toBe(true);
    const lines = readFileSync(log, "utf8").split("\n");
    // Next's mark of an unhandled error, and any stack trace (something was thrown or logged as a crash).
    const unhandled = lines.filter((line) => line.includes("⨯") || /Unhandled|uncaughtException/.test(line) || /^\s+at .+:\d+:\d+\)?$/.test(line));
    expect(unhandled, log).toEqual([]);
    // README "Logs": no e-mail, no SQL text or its parameters (issue 30.3), whatever the tests sent.
    const personal = lines.filter((line) => /[\w.+-]+@[\w-]+\.(?:demo|org)\b/.test(line) || /\b(?:insert into|params:)/i.test(line));
    expect(personal, log).toEqual([]);
  }
});
