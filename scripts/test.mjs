#!/usr/bin/env node
// `npm test`: lint, the import graph's layers and circles (dependency-cruiser), repeated code (jscpd),
// types, unit + conformance tests (vitest), production build, browser e2e (Playwright).
// Every step runs even when an earlier one failed, so the count at the end covers every test that
// could run; only the e2e step depends on another (it needs the build and a browser). Exit code 1
// when any step failed. Runner reports go to .test-reports/ (see scripts/count-results.mjs).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countResults, formatCounts, REPORTS_DIR, VITEST_GROUPS } from "./count-results.mjs";
import { auditStep } from "./npm-audit.mjs";
import { printSlowest } from "./slowest-tests.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
/** The files Prettier formats (package.json's `format` script writes the same). */
const FORMATTED = "**/*.{ts,tsx,mjs,cjs,js,css}";
const MINUTE = 60_000;
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const testEnv = { NEXT_TELEMETRY_DISABLED: "1", SCHOOL_API_DATA_DIR: "memory://" };
const results = [];
/** The children running now (two at once in the vitest step), stopped together on Ctrl-C. */
const running = new Set();

function header(title) {
  console.log(`\n${"=".repeat(72)}\n== ${title}\n${"=".repeat(72)}`);
}

/**
 * Runs a command in its own process group, so a timeout or Ctrl-C stops everything it started.
 * `held`: its output is kept and printed when it ends (for a command that runs beside another).
 */
function run(command, args, { env = {}, timeout, held = false }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", held ? "pipe" : "inherit", held ? "pipe" : "inherit"],
      detached: true,
    });
    running.add(child);
    const output = [];
    if (held) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => output.push(chunk));
    const timer = setTimeout(() => {
      console.error(`\n!! ${path.basename(command)} did not finish within ${timeout / MINUTE} minutes; stopping it`);
      killGroup(child);
    }, timeout);
    child.on("error", (error) => {
      console.error(`!! could not start ${command}: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (held) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
    setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, 10_000).unref();
  } catch {
    // already gone
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

async function step(name, title, action) {
  header(`${results.length + 1}. ${name}: ${title}`);
  const started = Date.now();
  const outcome = await action();
  const seconds = Math.round((Date.now() - started) / 1000);
  const status = typeof outcome === "number" ? (outcome === 0 ? "passed" : "failed") : outcome.status;
  const note = typeof outcome === "number" ? (outcome === 0 ? "" : `exit code ${outcome}`) : outcome.note;
  results.push({ name, status, seconds, note });
  return status;
}

async function findChromium() {
  const { chromium } = await import("@playwright/test");
  const bundled = chromium.executablePath();
  if (existsSync(bundled)) return bundled;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return null;
}

async function ensureChromium() {
  const found = await findChromium();
  if (found) {
    console.log(`Chromium: ${found}`);
    return { status: "passed", note: found };
  }
  if (process.getuid?.() === 0) {
    console.log("No Chromium found; installing the distribution's package (no browser download).");
    const apt = { env: { DEBIAN_FRONTEND: "noninteractive" }, timeout: 15 * MINUTE };
    if ((await run("apt-get", ["install", "-y", "chromium"], apt)) !== 0) {
      await run("apt-get", ["update"], apt);
      await run("apt-get", ["install", "-y", "chromium"], apt);
    }
    if (existsSync(SYSTEM_CHROMIUM)) return { status: "passed", note: `installed ${SYSTEM_CHROMIUM}` };
  }
  const message =
    `No Chromium for the e2e tests: neither Playwright's own nor ${SYSTEM_CHROMIUM} exists` +
    (process.getuid?.() === 0 ? ", and `apt-get install -y chromium` did not provide one." : ".");
  console.error(
    `!! ${message}\n!! Install one: \`npx playwright install chromium\`, or \`sudo apt-get install -y chromium\`.`,
  );
  return { status: "failed", note: "no Chromium" };
}

const suiteStarted = Date.now();
const loadAtStart = os.loadavg().map((n) => n.toFixed(1));
rmSync(REPORTS_DIR, { recursive: true, force: true });
mkdirSync(REPORTS_DIR, { recursive: true });

// Skipped (never failed) where the advisory service cannot be reached: scripts/npm-audit.mjs.
await step("audit", "npm audit of the production dependencies", () => auditStep(root));

await step("lint", "eslint .", () => run(bin("eslint"), ["."], { timeout: 10 * MINUTE }));

// One format (.prettierrc.json); `npm run format` writes it.
await step("format", "prettier --check", () => run(bin("prettier"), ["--check", FORMATTED], { timeout: 5 * MINUTE }));

// The layer order of README "Architecture" and no circles: .dependency-cruiser.cjs.
const graphRoots = ["app", "components", "lib", "i18n", "school-api"];
await step("imports", "dependency-cruiser: layers and circles", () =>
  run(bin("depcruise"), ["--config", ".dependency-cruiser.cjs", "--output-type", "err", ...graphRoots], {
    timeout: 5 * MINUTE,
  }),
);

// Issue 28: no block of code repeated anywhere outside generated files (.jscpd.json says which are).
await step("copy-paste", "jscpd: no repeated block", () =>
  run(bin("jscpd"), ["--config", ".jscpd.json"], { timeout: 5 * MINUTE }),
);

const typecheck = await step("typecheck", "next typegen && tsc --noEmit -p .", async () => {
  // Route types and next-env.d.ts are generated files; a clean clone has neither.
  const typegen = await run(bin("next"), ["typegen"], { env: testEnv, timeout: 5 * MINUTE });
  if (typegen !== 0) return typegen;
  return run(bin("tsc"), ["--noEmit", "-p", "."], { timeout: 10 * MINUTE });
});

const postgresBin = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
await step("vitest", "unit + conformance tests (PGlite, and PostgreSQL when installed)", async () => {
  if (!existsSync(path.join(postgresBin, "postgres"))) {
    console.log(`PostgreSQL 15 not found in ${postgresBin}: the conformance suite runs on PGlite only.`);
  }
  if (!existsSync(process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy")) {
    console.log(
      "HAProxy not found (/usr/sbin/haproxy): the two-instance e2e leg (e2e/scaling.spec.ts) cannot run; CI installs it.",
    );
  }
  // The unit tests fill both cores; the projects that each start one server and take their files one
  // at a time (authz, conformance on PGlite, then PostgreSQL) run beside them in a second vitest
  // instead of after them. The second's output is printed when it ends.
  const group = ({ report, projects }, held) =>
    run(
      bin("vitest"),
      [
        "run",
        ...projects.flatMap((project) => ["--project", project]),
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${path.join(REPORTS_DIR, report)}`,
      ],
      { env: testEnv, timeout: 30 * MINUTE, held },
    );
  const codes = await Promise.all(VITEST_GROUPS.map((g, index) => group(g, index > 0)));
  return codes.find((code) => code !== 0) ?? 0;
});

// The typecheck step has run tsc; the build does not check the types a second time (next.config.mjs),
// unless that step failed, when the build's own check runs.
const build = await step("build", "next build", () =>
  run(bin("next"), ["build"], {
    env: { ...testEnv, NEXT_TYPES_CHECKED: typecheck === "passed" ? "1" : "0" },
    timeout: 20 * MINUTE,
  }),
);

const browser = await step("browser", "find Chromium", ensureChromium);

await step("e2e", "playwright test against next start", async () => {
  if (build !== "passed") return { status: "failed", note: "not run: the build failed" };
  if (browser !== "passed") return { status: "failed", note: "not run: no Chromium" };
  // About 35 minutes on two cores; the guard leaves room for a slower run inside CI's 90 minutes
  // (some 12 minutes come before this step).
  return run(bin("playwright"), ["test"], { env: testEnv, timeout: 52 * MINUTE });
});

header("slowest");
printSlowest(20);

// The step table (issue 53): here, and in .test-reports/steps.json with the machine's load, so two runs compare.
header("summary");
for (const { name, status, seconds, note } of results) {
  console.log(
    `${status === "passed" ? "ok  " : status === "skipped" ? "skip" : "FAIL"}  ${name.padEnd(10)} ${String(seconds).padStart(5)}s  ${note}`,
  );
}
const total = Math.round((Date.now() - suiteStarted) / 1000);
const load = os.loadavg().map((n) => n.toFixed(1));
console.log(
  `      ${"total".padEnd(10)} ${String(total).padStart(5)}s  load ${loadAtStart.join(" ")} at the start, ${load.join(" ")} at the end`,
);
writeFileSync(
  path.join(REPORTS_DIR, "steps.json"),
  JSON.stringify({ steps: results, total, loadAtStart, loadAtEnd: load, cores: os.cpus().length }, null, 2),
);
const counts = countResults();
for (const note of counts.notes) console.log(`note: ${note}`);
console.log(formatCounts(counts));
process.exitCode = results.some((result) => result.status === "failed") || counts.failed > 0 ? 1 : 0;
