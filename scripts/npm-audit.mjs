// The dependency audit step of `npm test` (issue 30.11): `npm audit` of the production dependencies,
// failing on a high or critical advisory. Where the registry's advisory service cannot be reached
// (no network, a mirror without the audit endpoint) the step is skipped with one line saying so:
// an unreachable service says nothing about the dependencies, so it never fails the run.
import { spawn } from "node:child_process";

const TIMEOUT_MS = 120_000;
const FAILING = ["high", "critical"];

function npmAudit(cwd) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["audit", "--omit=dev", "--json"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", (error) => resolve({ code: null, stdout, stderr: `${stderr}${error.message}` }));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Reads npm's answer: a report (with counts per severity), or why there is none. */
export function readAudit({ code, signal, stdout, stderr }) {
  if (signal === "SIGKILL") return { reachable: false, reason: `no answer within ${TIMEOUT_MS / 1000} s` };
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = null;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (counts && typeof counts === "object") {
    const failing = FAILING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
    const names = Object.entries(report.vulnerabilities ?? {})
      .filter(([, entry]) => FAILING.includes(entry?.severity))
      .map(([name, entry]) => `${name} (${entry.severity})`);
    return { reachable: true, failing, names, counts };
  }
  const reason =
    report?.message ??
    report?.error?.summary ??
    stderr.split("\n").find((line) => /error/i.test(line)) ??
    `exit code ${code}`;
  return { reachable: false, reason: String(reason).replace(/\s+/g, " ").slice(0, 200) };
}

/** The step: { status: "passed" | "failed" | "skipped", note }. */
export async function auditStep(cwd) {
  const outcome = readAudit(await npmAudit(cwd));
  if (!outcome.reachable) {
    console.log(`npm audit: skipped, the advisory service could not be reached (${outcome.reason})`);
    return { status: "skipped", note: "advisory service unreachable" };
  }
  const summary = Object.entries(outcome.counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(", ");
  console.log(`npm audit (production dependencies): ${summary}`);
  if (outcome.failing === 0) return { status: "passed", note: "" };
  console.error(
    `!! ${outcome.failing} high or critical advisories: ${outcome.names.join(", ")}; run \`npm audit\` for the fixes`,
  );
  return { status: "failed", note: `${outcome.failing} high/critical advisories` };
}
