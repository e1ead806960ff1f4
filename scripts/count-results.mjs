#!/usr/bin/env node
// Counts tests from the runners' own JSON reports in .test-reports/ and prints, as its last line,
// `tests: N passed, N failed[, N skipped]`. Exits 1 when anything failed or nothing passed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPORTS_DIR = path.join(root, ".test-reports");
/** The two vitest runs of `npm test` (scripts/test.mjs runs them side by side), each with its report. */
export const VITEST_GROUPS = [
  { report: "vitest-unit.json", projects: ["unit"] },
  { report: "vitest-servers.json", projects: ["authz", "conformance-*"] },
];

/** A runner's JSON report, or null (with a note saying why) when it is missing or unreadable. */
export function readJson(file, notes = []) {
  if (!existsSync(file)) {
    notes.push(`${path.relative(root, file)} is missing: that runner did not finish`);
    return null;
  }
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    notes.push(`${path.relative(root, file)} is not valid JSON (${error.message})`);
    return null;
  }
}

function countVitest(report, notes) {
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load or whose hooks throw has no failed test of its own: count the file.
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === "failed").length;
    if (file.status === "failed" && failedInFile === 0) {
      failed += 1;
      notes.push(`vitest: ${path.relative(root, file.name)} failed outside its tests`);
    }
  }
  if (report.success === false && failed === 0) {
    failed += 1;
    notes.push("vitest: the run reported errors outside tests");
  }
  return { passed, failed, skipped };
}

function countPlaywright(report, notes) {
  const stats = report.stats ?? {};
  const flaky = stats.flaky ?? 0;
  if (flaky > 0) notes.push(`playwright: ${flaky} test(s) passed only on retry`);
  const errors = (report.errors ?? []).length;
  if (errors > 0) notes.push(`playwright: ${errors} error(s) outside tests (e.g. the web server did not start)`);
  return {
    passed: (stats.expected ?? 0) + flaky,
    failed: (stats.unexpected ?? 0) + errors,
    skipped: stats.skipped ?? 0,
  };
}

export function countResults(dir = REPORTS_DIR) {
  const notes = [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const vitest = VITEST_GROUPS.map(({ report }) => readJson(path.join(dir, report), notes));
  const playwright = readJson(path.join(dir, "playwright.json"), notes);
  const parts = [...vitest.map((r) => r && countVitest(r, notes)), playwright && countPlaywright(playwright, notes)];
  for (const part of parts.filter(Boolean)) {
    totals.passed += part.passed;
    totals.failed += part.failed;
    totals.skipped += part.skipped;
  }
  return { ...totals, notes };
}

export function formatCounts({ passed, failed, skipped }) {
  return `tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const counts = countResults(process.argv[2] ? path.resolve(process.argv[2]) : REPORTS_DIR);
  for (const note of counts.notes) console.log(`note: ${note}`);
  console.log(formatCounts(counts));
  process.exitCode = counts.failed > 0 || counts.passed === 0 ? 1 : 0;
}
