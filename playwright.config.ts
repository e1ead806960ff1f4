import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/**
 * Playwright's own Chromium when installed (a laptop), else the distribution's (CI). Never downloads;
 * scripts/test.mjs makes sure one of them exists before the run.
 */
function chromiumExecutable(): string {
  const bundled = chromium.executablePath();
  return existsSync(bundled) ? bundled : SYSTEM_CHROMIUM;
}

function freePort(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
}

// The config is evaluated again in every worker; values put into process.env by the first evaluation
// (the runner) reach the workers, so all of them agree on the port and the token.
process.env.E2E_PORT ??= String(freePort());
process.env.E2E_SPEC_ONLY_PORT ??= String(freePort());
// The loopback SMTP server e2e/notices.spec.ts starts and stops (the npm package smtp-server): the
// main server's mail goes there, as a school's goes to its mail server.
process.env.E2E_SMTP_PORT ??= String(freePort());
// The spec-only server's mail server (e2e/spec-only.spec.ts starts it).
process.env.E2E_SPEC_SMTP_PORT ??= String(freePort());
const adminToken = (process.env.SCHOOL_ADMIN_TOKEN ??= `e2e_admin_${randomBytes(16).toString("hex")}`);
// The e2e suite runs on the embedded API with fresh demo data, whatever this shell points at.
delete process.env.SCHOOL_API_URL;
delete process.env.SCHOOL_API_DATABASE_URL;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const hasBuild = existsSync(".next/BUILD_ID");
const next = "npx --no-install next";
// A second server whose embedded API honours only what the spec names (school-api/spec-only.ts).
const specOnlyPort = Number(process.env.E2E_SPEC_ONLY_PORT);
const specOnlyURL = `http://127.0.0.1:${specOnlyPort}`;
const SPEC_ONLY = /spec-only\.(spec|setup)\.ts$/;
// A third server whose demo school was grown by the large-school generator to 2,000 more students
// (scripts/large-school.ts, into a fresh PGlite folder before it starts): e2e/large-school.spec.ts.
process.env.E2E_LARGE_PORT ??= String(freePort());
const LARGE_DATA = `.test-reports/large-school-${process.env.E2E_LARGE_PORT}`;
const largePort = Number(process.env.E2E_LARGE_PORT);
const largeURL = `http://127.0.0.1:${largePort}`;
const LARGE = /large-school\.spec\.ts$/;

const FIRST = /(first-sync|server-log)\.spec\.ts$/;
// Starts its own two instances on PostgreSQL behind HAProxy (scripts/instances.ts).
const SCALING = /scaling\.spec\.ts$/;
// The axe sweep over every page of every role in both languages (issue 23) takes longer than the rest
// of the suite on two cores; it runs on request (`E2E_AXE_SWEEP=1`) until it is made to fit.
const AXE_SWEEP = process.env.E2E_AXE_SWEEP === "1" ? /^$/ : /axe-sweep\.spec\.ts$/;
// The tablet project repeats the specs of the screens a teacher and a parent use on a touch screen (the
// register, its undo, the notebook, Today, the family pages); the HTTP-level, admin, shell, review and
// PDF specs run once, on the desktop project (the phone width is in register.spec and figures.spec), and
// so do the tests in those specs that are not about the screen (they skip themselves on the tablet), so
// the suite fits its time on two cores.
const TABLET = /(live|register|trust-register|today|family|pseudo-locale|notebook)\.spec\.ts$/;
// Changes a demo school's language settings (digits, calendars), which the other specs read: after them.
// Alone, for a quick local run: `E2E_SCHOOL_LANGUAGES_ALONE=1 E2E_SERVERS=main npx playwright test --project=school-languages`.
const SCHOOL_LANGUAGES = /school-languages\.spec\.ts$/;
// Dar Al-Arqam's refused writes, in order, before anything else writes through its connection (a refusal
// makes its forms read-only for minutes): e2e/school-refuses.spec.ts.
const SCHOOL_REFUSES = /school-refuses\.spec\.ts$/;
const schoolLanguagesAfter = process.env.E2E_SCHOOL_LANGUAGES_ALONE === "1" ? ["setup"] : ["desktop", "tablet"];
const isCI = Boolean(process.env.CI);
// `E2E_SERVERS=main` starts only the main server, for a quick local run of specs of the desktop and
// tablet projects; `npm test` always starts all three.
const mainOnly = process.env.E2E_SERVERS === "main";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  // Two cores run the server, two browsers and the runner: long journeys need the room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".test-reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [
    // Before anything signs in or opens a page: waits for the scheduler's first plan sync to reach the
    // school's API, so the whole suite runs with the clients the scheduler made (as a user's server does).
    {
      name: "first-sync",
      testMatch: /first-sync\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Signs each demo role in once and saves its session under e2e/.auth/ (see e2e/fixtures.ts).
    {
      name: "setup",
      testMatch: /auth\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"] },
      dependencies: ["first-sync"],
    },
    {
      name: "school-refuses",
      testMatch: SCHOOL_REFUSES,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      dependencies: ["setup"],
    },
    // Two `next start` instances on one PostgreSQL behind HAProxy, started and stopped by the spec (README "How it scales").
    // After the large school's leg, so the two heaviest legs (two more servers, PostgreSQL and HAProxy; a
    // grown school) never load the two cores at the same time; and in the phase of the desktop and tablet
    // projects, listed before them so one worker starts it first: Playwright runs a phase's projects only
    // after the phase before has ended, and alone in an earlier phase this spec's minute of waiting for the
    // notices job (its default cadence) held the other worker idle (95 s in session 31's runs).
    {
      name: "scaling",
      testMatch: SCALING,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      dependencies: ["large-school", "school-refuses"],
    },
    {
      name: "desktop",
      testIgnore: [
        SPEC_ONLY,
        FIRST,
        SCALING,
        LARGE,
        AXE_SWEEP,
        SCHOOL_LANGUAGES,
        SCHOOL_REFUSES,
        /pseudo-locale\.spec\.ts$/,
      ],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      dependencies: ["setup", "school-refuses"],
    },
    {
      name: "tablet",
      testMatch: TABLET,
      use: { ...devices["Desktop Chrome"], viewport: { width: 768, height: 1024 }, hasTouch: true },
      dependencies: ["setup", "school-refuses"],
    },
    // Against the spec-only server: its own sign-ins (a session cookie belongs to one host:port).
    {
      name: "spec-only-setup",
      testMatch: /spec-only\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"], baseURL: specOnlyURL },
    },
    {
      name: "spec-only",
      testMatch: /spec-only\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: specOnlyURL },
      dependencies: ["spec-only-setup"],
    },
    {
      name: "large-school",
      testMatch: LARGE,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: largeURL },
    },
    {
      name: "school-languages",
      testMatch: SCHOOL_LANGUAGES,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      dependencies: schoolLanguagesAfter,
    },
    {
      name: "server-log",
      testMatch: /server-log\.spec\.ts$/,
      dependencies: ["desktop", "tablet", "spec-only", "large-school", "school-languages"],
    },
  ],
  // Started one after the other: the second uses the build the first one made when there was none.
  webServer: [
    server(port, {
      build: !hasBuild,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        MAIL_FROM: '"Al-Noor Quran School" <no-reply@alnoor.test>',
        DASHBOARD_URL: baseURL,
        // The notices job every 10 s and its first retry after 10 s (defaults: 60 and 60): e2e/notices.spec
        // waits for the messages they send. The spec-only server keeps the defaults and its mail test too.
        NOTICES_INTERVAL_SECONDS: "10",
        NOTICES_RETRY_BASE_SECONDS: "10",
      },
    }),
    ...(mainOnly ? [] : otherServers()),
  ],
});

function otherServers() {
  return [
    server(specOnlyPort, {
      build: false,
      env: {
        SCHOOL_API_FILTERS: "spec-only",
        JOBS_START_DELAY_SECONDS: "30",
        // A mail server but no MAIL_FROM: this server's messages go out from the README's default sender.
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SPEC_SMTP_PORT}`,
        DASHBOARD_URL: specOnlyURL,
      },
    }),
    server(largePort, {
      build: false,
      prepare: `rm -rf .test-reports/large-school-* && npx --no-install tsx --conditions=react-server scripts/large-school.ts --students 2000 --plans 0`,
      env: { SCHOOL_API_DATA_DIR: LARGE_DATA },
    }),
  ];
}

function server(
  listenOn: number,
  { build, env = {}, prepare }: { build: boolean; env?: Record<string, string>; prepare?: string },
) {
  const log = `.test-reports/e2e-server-${listenOn}.log`;
  const start = `mkdir -p .test-reports && ${prepare ? `${prepare} && ` : ""}${next} start -H 127.0.0.1 -p ${listenOn} 2>&1 | tee ${log}`;
  return {
    // `npm test` builds first; a bare `npm run test:e2e` builds only when there is no build yet.
    command: build ? `${next} build && ${start}` : start,
    url: `http://127.0.0.1:${listenOn}/api/v1/surahs`,
    timeout: build ? 600_000 : 120_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    env: {
      SCHOOL_API_DATA_DIR: "memory://",
      // A fresh dashboard store too: demo accounts link to ids of this run's fresh school data.
      DASHBOARD_DATA_DIR: "memory://",
      // Lets e2e/call-budget.spec.ts count the v1 calls of each page.
      SCHOOL_API_TRACE: "1",
      SCHOOL_ADMIN_TOKEN: adminToken,
      NEXT_TELEMETRY_DISABLED: "1",
      // Nothing that switches behaviour off: the plan-sync scheduler runs as on a user's server. Its
      // first tick comes 2 s after the start instead of 30 (first-sync.spec waits for it as an event);
      // the spec-only server keeps the default, so the default is started too.
      JOBS_START_DELAY_SECONDS: "2",
      ...env,
    },
  };
}
