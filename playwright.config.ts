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
const adminToken = (process.env.SCHOOL_ADMIN_TOKEN ??= `e2e_admin_${randomBytes(16).toString("hex")}`);
// The e2e suite runs on the embedded API with fresh demo data, whatever this shell points at.
delete process.env.SCHOOL_API_URL;
delete process.env.SCHOOL_API_DATABASE_URL;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const hasBuild = existsSync(".next/BUILD_ID");
const next = "npx --no-install next";
const start = `${next} start -H 127.0.0.1 -p ${port}`;
const isCI = Boolean(process.env.CI);

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
    // Signs each demo role in once and saves its session under e2e/.auth/ (see e2e/fixtures.ts).
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, dependencies: ["setup"] },
    {
      name: "tablet",
      use: { ...devices["Desktop Chrome"], viewport: { width: 768, height: 1024 }, hasTouch: true },
      dependencies: ["setup"],
    },
  ],
  webServer: {
    // `npm test` builds first; a bare `npm run test:e2e` builds only when there is no build yet.
    command: hasBuild ? start : `${next} build && ${start}`,
    url: `${baseURL}/api/v1/surahs`,
    timeout: hasBuild ? 120_000 : 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      SCHOOL_API_DATA_DIR: "memory://",
      // A fresh dashboard store too: demo accounts link to ids of this run's fresh school data.
      DASHBOARD_DATA_DIR: "memory://",
      // Lets e2e/call-budget.spec.ts count the v1 calls of each page.
      SCHOOL_API_TRACE: "1",
      SCHOOL_ADMIN_TOKEN: adminToken,
      // Plans sync when a test presses "Sync now", never in the background between tests.
      PLAN_SYNC_INTERVAL_MINUTES: "0",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
