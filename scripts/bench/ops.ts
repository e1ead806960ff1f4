import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { signIn } from "./attendance";
import { measure, warmUp, type Measurement, type RequestSpec } from "./load";
import { LATENCY_COLUMNS, machineLoadNote, type Column, type ResultRow } from "./report";
import { groupCpuSeconds, startServer, waitForApi, type RunningServer } from "./server";
import type { Suite } from "./suite";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const ADMIN_KEY = DEMO_KEYS.alnoorAdmin;
const ADMIN = { email: "admin@alnoor.demo", password: "demo1234" };
const ROUNDS = 5;
/**
 * The cheapest request the product serves (the embedded API's page of 50 students), and a staff page
 * (the students list, signed in as an admin: ten times the CPU), so that what a tracer costs is known
 * for both (issue 57.13).
 */
const TARGETS: { name: string; spec: (cookie: string) => RequestSpec }[] = [
  {
    name: "API",
    spec: () => ({
      path: "/api/v1/students?limit=50",
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, Accept: "application/json" },
    }),
  },
  { name: "staff page", spec: (cookie) => ({ path: "/students", headers: { cookie } }) },
];
const COLUMNS: Column[] = [
  ...LATENCY_COLUMNS,
  { key: "ratio", label: "req/s ratio", digits: 3, suffix: "×" },
  { key: "cpu", label: "CPU ms/req", digits: 3 },
  { key: "capacity", label: "capacity ratio", digits: 3, suffix: "×" },
];

/** One measured run of a leg, with the CPU its server's process group spent on it. */
type Run = Measurement & { cpuMsPerRequest: number };

const medianOf = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

const WITH_LOGS = { LOG_LEVEL: "info", METRICS_TOKEN: "bench-metrics-token-0123456789abcdef01234" };

/**
 * Issue 27's budgets: what logs, metrics and traces cost, each server of the same build. Traces are
 * measured as a school turns them on (the default sampler keeps one trace in ten) and with every
 * trace exported.
 */
const LEGS = [
  { name: "logs silent, no metrics (baseline)", env: { LOG_LEVEL: "silent" }, min: null },
  { name: "logs (info) + metrics, tracing not exported", env: WITH_LOGS, min: 0.95 },
  {
    name: "+ traces, the default: one in ten exported",
    env: { ...WITH_LOGS, OTEL_BSP_SCHEDULE_DELAY: "1000" },
    min: 0.9,
    collector: true,
  },
  {
    name: "+ traces, every one exported (always_on)",
    env: { ...WITH_LOGS, OTEL_BSP_SCHEDULE_DELAY: "1000", OTEL_TRACES_SAMPLER: "always_on" },
    min: 0.9,
    collector: true,
  },
] as const;

export const opsSuite: Suite = {
  name: "ops",
  summary:
    "the API's page of 50 students and the staff students page, with logs, metrics and traces on, against a server with them off",
  async run({ load, signal, log }) {
    const collector = await startCollector();
    const loadBefore = os.loadavg();
    // runs[target][leg]
    const runs: Run[][][] = TARGETS.map(() => LEGS.map(() => []));
    try {
      // Each round starts every leg's server afresh and measures them in a rotated order: identical servers
      // differ by up to ±10 % for their whole life (an A/A run), and the first measured in a round is slower.
      for (let round = 0; round < ROUNDS; round++) {
        const servers: { server: RunningServer; cookie: string }[] = [];
        try {
          for (const leg of LEGS) {
            const env: Record<string, string> = {
              ...leg.env,
              ...("collector" in leg ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } : {}),
            };
            const server = await startServer(signal, { env });
            await waitForApi(server, ADMIN_KEY, signal);
            const cookie = (await signIn(server.origin, ADMIN)).header();
            servers.push({ server, cookie });
            for (const target of TARGETS) await warmUp(server.origin, target.spec(cookie), load, signal);
          }
          for (const [t, target] of TARGETS.entries()) {
            for (let turn = 0; turn < LEGS.length; turn++) {
              const index = (round + turn) % LEGS.length;
              log(`round ${round + 1}, ${target.name}: ${LEGS[index]!.name}`);
              const { server, cookie } = servers[index]!;
              const cpuBefore = groupCpuSeconds(server.pid);
              const run = await measure(server.origin, target.spec(cookie), load, signal);
              runs[t]![index]!.push({
                ...run,
                cpuMsPerRequest: ((groupCpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, run.requests),
              });
            }
          }
        } finally {
          for (const { server } of servers) await server.stop();
        }
      }
    } finally {
      collector.close();
    }
    const rows: ResultRow[] = TARGETS.flatMap((target, t) => {
      const measured = runs[t]!.map((legRuns) => ({
        ...[...legRuns].sort((a, b) => a.rps - b.rps)[Math.floor(legRuns.length / 2)]!,
        cpu: medianOf(legRuns.map((run) => run.cpuMsPerRequest)),
      }));
      const base = measured[0]!;
      return LEGS.map((leg, index) => {
        const m = measured[index]!;
        const capacity = base.cpu / m.cpu;
        const verdict = leg.min === null ? "n/a" : capacity >= leg.min ? "PASS" : "FAIL";
        const values = { rps: m.rps, p50: m.p50Ms, p99: m.p99Ms, ratio: m.rps / base.rps, cpu: m.cpu, capacity };
        return {
          target: `${target.name}: ${leg.name}`,
          values,
          goal: leg.min === null ? "" : `capacity ≥ ${leg.min}×`,
          verdict,
        };
      });
    });
    return {
      suite: "ops",
      title: `Logs, metrics and traces — GET ${TARGETS.map((target) => target.spec("").path).join(" and ")}, ${load.connections} connections, ${load.durationSeconds} s per server`,
      columns: COLUMNS,
      rows,
      notes: [
        `${ROUNDS} rounds; each starts a fresh next start server of the same build per leg and measures them in a rotated order; req/s, p50 and p99 are each leg's median run; req/s ratio = req/s ÷ the baseline's`,
        "CPU ms/req: the CPU time (user + system) the server's process group spent during a run ÷ the requests it answered, median of the rounds; capacity ratio = the baseline's CPU ms/req ÷ the leg's, the throughput a dedicated machine would keep (the verdict). On two cores shared with the load generator, req/s of identical servers differs by up to ±20 % between runs; CPU per request moves far less (docs/operations.md)",
        `the collector accepts OTLP over HTTP and answers at once (${collector.spans()} export requests received)`,
        machineLoadNote(loadBefore),
      ],
    };
  },
};

async function startCollector(): Promise<{ url: string; spans: () => number; close: () => void }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received++;
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => received,
    close: () => server.close(),
  };
}
