import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { apiSuite } from "./api";
import { opsSuite } from "./ops";
import { attendanceSuite } from "./attendance";
import { instancesSuite } from "./instances";
import { lighthouseSuite } from "./lighthouse";
import { mapsSuite } from "./maps";
import { noticesSuite } from "./notices";
import { syncSuite } from "./sync";
import { progressSuite } from "./progress";
import { startupSuite } from "./startup";
import { pagesSuite } from "./pages";
import { importSuite } from "./import";
import { reportCardsSuite } from "./report-cards";
import type { LoadOptions } from "./load";
import { countVerdicts, printSuite, writeResults, type SuiteReport } from "./report";
import { build, ROOT, staleBuildReason, startServer, stopAllChildren, type RunningServer } from "./server";
import type { Suite } from "./suite";

/** Every bench suite, in the order `all` runs them. Later benches append here. */
const SUITES: Suite[] = [
  apiSuite,
  opsSuite,
  syncSuite,
  startupSuite,
  attendanceSuite,
  instancesSuite,
  pagesSuite,
  progressSuite,
  mapsSuite,
  lighthouseSuite,
  noticesSuite,
  importSuite,
  reportCardsSuite,
];

const RESULTS_FILE = path.join(ROOT, ".bench", "results.json");
const CPU_PROFILE_DIR = path.join(ROOT, ".bench", "cpu");
const BUILD_TIMEOUT_MS = 20 * 60_000;

const USAGE = `Usage: npm run bench -- [${SUITES.map((suite) => suite.name).join("|")}|all] [options]

Suites:
${SUITES.map((suite) => `  ${suite.name.padEnd(10)} ${suite.summary}`).join("\n")}

Options:
  --build            always run \`next build\` first (default: only when .next is missing or older than the sources)
  --no-build         never build; use .next as it is
  --duration <s>     seconds per measured run (default 8)
  --connections <n>  concurrent connections (default 10)
  --max-requests <n> request cap per measured run (default 100000)
  --time-limit <s>   stop everything when the runs (after the build) take longer (default 1500)
  --diag             add diagnostic targets that split a request's cost
  --cpu-prof         profile the server's CPU; the .cpuprofile lands in .bench/cpu/ when it stops
  --strict           exit 1 when a target misses its goal (default: report only)
Results are printed and written to .bench/results.json.`;

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number, not "${value}"`);
  return parsed;
}

function parseCli() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      build: { type: "boolean" },
      "no-build": { type: "boolean" },
      strict: { type: "boolean" },
      diag: { type: "boolean" },
      "cpu-prof": { type: "boolean" },
      duration: { type: "string" },
      connections: { type: "string" },
      "max-requests": { type: "string" },
      "time-limit": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.build && values["no-build"]) throw new Error("give --build or --no-build, not both");
  const names =
    positionals.length === 0 || positionals.includes("all") ? SUITES.map((suite) => suite.name) : positionals;
  const suites = names.map((name) => {
    const suite = SUITES.find((candidate) => candidate.name === name);
    if (!suite) throw new Error(`unknown bench "${name}"`);
    return suite;
  });
  const load: LoadOptions = {
    durationSeconds: positiveNumber(values.duration, 8, "duration"),
    connections: Math.round(positiveNumber(values.connections, 10, "connections")),
    maxRequests: Math.round(positiveNumber(values["max-requests"], 100_000, "max-requests")),
  };
  return {
    help: values.help === true,
    suites,
    load,
    build: values.build ? ("always" as const) : values["no-build"] ? ("never" as const) : ("when-stale" as const),
    strict: values.strict === true,
    diag: values.diag === true,
    cpuProfile: values["cpu-prof"] === true,
    timeoutMs: positiveNumber(values["time-limit"], 1500, "time-limit") * 1000,
  };
}

const log = (message: string) => console.log(`[bench] ${message}`);

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const cli = parseCli();
  if (cli.help) {
    console.log(USAGE);
    return 0;
  }
  const controller = new AbortController();
  const { signal } = controller;
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    process.on(name, () => {
      if (signal.aborted) {
        stopAllChildren();
        process.exit(130);
      }
      log(`${name}: stopping`);
      controller.abort(new Error(`interrupted by ${name}`));
    });
  }
  process.on("exit", stopAllChildren);

  const stale = staleBuildReason();
  if (cli.build === "always" || (cli.build === "when-stale" && stale)) {
    log(`building (${cli.build === "always" ? "--build" : stale}); this takes a few minutes`);
    await build(BUILD_TIMEOUT_MS, signal);
  } else if (stale) log(`--no-build: using .next although ${stale}`);

  const timer = setTimeout(() => {
    log(`overall timeout of ${cli.timeoutMs / 1000} s reached; stopping`);
    controller.abort(new Error("the bench timed out"));
    setTimeout(() => {
      stopAllChildren();
      process.exit(2);
    }, 15_000).unref();
  }, cli.timeoutMs);
  timer.unref();

  const started = new Date();
  const reports: SuiteReport[] = [];
  const failures: { suite: string; error: string }[] = [];
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      signal,
      cli.cpuProfile ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${CPU_PROFILE_DIR}`] } : {},
    );
    log(`next start on ${server.origin} (pid ${server.pid})`);
    for (const suite of cli.suites) {
      log(`suite ${suite.name}: ${suite.summary}`);
      try {
        const report = await suite.run({ server, load: cli.load, diag: cli.diag, signal, log });
        printSuite(report);
        reports.push(report);
      } catch (error) {
        if (signal.aborted) throw error;
        const message = (error as Error).stack ?? String(error);
        console.error(
          `[bench] suite ${suite.name} failed: ${message}\n--- server output (tail) ---\n${server.logTail()}`,
        );
        failures.push({ suite: suite.name, error: (error as Error).message });
      }
    }
  } finally {
    clearTimeout(timer);
    await server?.stop();
    if (server && cli.cpuProfile)
      log(
        `server CPU profile: ${path.relative(process.cwd(), CPU_PROFILE_DIR)}/ (open in Chrome DevTools → Performance)`,
      );
  }

  const verdicts = countVerdicts(reports);
  await writeResults(RESULTS_FILE, {
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    load: cli.load,
    verdicts,
    failures,
    suites: reports,
  });
  console.log(
    `\n[bench] ${verdicts.PASS} PASS, ${verdicts.FAIL} FAIL, ${verdicts["n/a"]} n/a; ${failures.length} suite error(s). Results: ${path.relative(process.cwd(), RESULTS_FILE)}`,
  );
  if (failures.length > 0) return 1;
  return cli.strict && verdicts.FAIL > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[bench] ${(error as Error).message ?? String(error)}`);
    stopAllChildren();
    process.exit(signalExit(error));
  },
);

function signalExit(error: unknown): number {
  return error instanceof Error && error.message.startsWith("interrupted") ? 130 : 1;
}
