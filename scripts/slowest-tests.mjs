#!/usr/bin/env node
// The slowest tests and files of the last run, from the runners' JSON reports in .test-reports/
// (vitest-*.json, playwright.json): `node scripts/slowest-tests.mjs [N]` (default 20). `npm test` prints
// it after its step table; issue 53 measures the suite with it.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readJson, REPORTS_DIR, VITEST_GROUPS } from "./count-results.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The files of every vitest report (the same file may be there twice: conformance on PGlite and PostgreSQL). */
const vitestFiles = (dir) => VITEST_GROUPS.flatMap(({ report }) => readJson(path.join(dir, report))?.testResults ?? []);

/** Every test of both runners as { runner, name, file, ms }; Playwright's retries add up (the run paid for each). */
export function testDurations(dir = REPORTS_DIR) {
  const out = [];
  for (const file of vitestFiles(dir)) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults ?? [])
      out.push({ runner: "vitest", name: test.fullName ?? test.title, file: name, ms: test.duration ?? 0 });
  }
  const playwright = readJson(path.join(dir, "playwright.json"));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        out.push({
          runner: `playwright [${test.projectName}]`,
          name: [...titles, spec.title].join(" › "),
          file: `e2e/${spec.file}:${spec.line}`,
          ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
        });
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.file ? [...titles, suite.title] : titles);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, []);
  return out;
}

/** Seconds of each vitest file (its own clock, setup included) and each Playwright spec file (its tests' sum). */
export function fileDurations(dir = REPORTS_DIR) {
  const files = new Map();
  for (const file of vitestFiles(dir))
    files.set(path.relative(root, file.name), (file.endTime ?? 0) - (file.startTime ?? 0));
  for (const test of testDurations(dir).filter((t) => t.runner !== "vitest")) {
    const file = `${test.file.replace(/:\d+$/, "")} ${test.runner.replace("playwright ", "")}`;
    files.set(file, (files.get(file) ?? 0) + test.ms);
  }
  return [...files].map(([file, ms]) => ({ file, ms }));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

export function printSlowest(n = 20, dir = REPORTS_DIR) {
  const tests = testDurations(dir).sort((a, b) => b.ms - a.ms);
  if (tests.length === 0) return console.log("No runner report in .test-reports/: nothing to rank.");
  console.log(`\nThe ${n} slowest tests:`);
  for (const t of tests.slice(0, n)) console.log(`${seconds(t.ms)}  ${t.runner}  ${t.file}  ${t.name}`);
  console.log(`\nThe ${n} slowest files (vitest: the file's clock; Playwright: its tests' sum, per project):`);
  for (const f of fileDurations(dir)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n))
    console.log(`${seconds(f.ms)}  ${f.file}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printSlowest(Number(process.argv[2] ?? 20));
}
