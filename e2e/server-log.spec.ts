import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME, PRIVATE_TEXTS } from "../school-api/seed-facts";

/** Kinds of line written while answering a request (docs/operations.md, "Log lines"): each names its request. */
const REQUEST_KINDS = new Set(["sign_in", "page", "shell", "action", "landing", "request_error"]);

/**
 * Runs after every other project: the servers' own output (tee'd by playwright.config.ts) holds no
 * unhandled error. A refusal, a conflict, a missing record or bad input is answered, never thrown.
 * And README "Logs: what a line may contain", over everything the run made the servers write:
 * sign-ins, registers, refused writes, failures.
 */
test("the servers logged no unhandled error and nothing personal during the whole run", () => {
  const logs = [process.env.E2E_PORT, process.env.E2E_SPEC_ONLY_PORT, process.env.E2E_LARGE_PORT].map(
    (port) => `.test-reports/e2e-server-${port}.log`,
  );
  const forbidden = [
    "demo1234",
    "Bearer ",
    "authjs.session-token",
    DEMO_TEACHER_SHEIKH_NAME,
    ...Object.values(DEMO_KEYS),
    ...PRIVATE_TEXTS,
  ];
  for (const log of logs) {
    expect(existsSync(log), log).toBe(true);
    const lines = readFileSync(log, "utf8").split("\n");
    // Next's mark of an unhandled error, and any stack trace (something was thrown or logged as a crash).
    const unhandled = lines.filter(
      (line) => line.includes("⨯") || /Unhandled|uncaughtException/.test(line) || /^\s+at .+:\d+:\d+\)?$/.test(line),
    );
    expect(unhandled, log).toEqual([]);
    // No e-mail, no SQL text or its parameters (issue 30.3), no password, key, cookie, name or note.
    const personal = lines.filter(
      (line) =>
        /[\w.+-]+@[\w-]+\.(?:demo|org)\b/.test(line) ||
        /\b(?:insert into|params:)/i.test(line) ||
        forbidden.some((text) => line.includes(text)),
    );
    expect(personal, log).toEqual([]);
    // Our own lines are JSON; those written while answering a request carry its id.
    const ours = lines
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { kind?: string; reqId?: string; level: number });
    expect(ours.length, log).toBeGreaterThan(0);
    const withoutRequest = ours.filter((line) => REQUEST_KINDS.has(line.kind ?? "") && !line.reqId);
    expect(withoutRequest, log).toEqual([]);
  }
  // The main server signed people in all run long: each sign-in line names the request and the person by id.
  const main = readFileSync(`.test-reports/e2e-server-${process.env.E2E_PORT}.log`, "utf8")
    .split("\n")
    .filter((line) => line.includes('"kind":"sign_in"'));
  const signedIn = main
    .map((line) => JSON.parse(line) as { outcome: string; reqId?: string; userId?: string })
    .filter((line) => line.outcome === "signed_in");
  expect(signedIn.length).toBeGreaterThan(0);
  expect(signedIn.every((line) => /^[\w-]{8,}$/.test(line.reqId ?? "") && /^\w+/.test(line.userId ?? ""))).toBe(true);
});
