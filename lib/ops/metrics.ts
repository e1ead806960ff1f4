import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { codeOf } from "@/lib/security/log-safe";
import type { V1CallObservation } from "@/lib/v1";
import { routeTemplate } from "./route-template";
import { inSpan, recordSpan } from "./tracing";

/*
 * What the dashboard tells its operator about its work (docs/operations.md, "Metrics" and "Traces"):
 * the code being watched calls one `observe…` function, which counts (when metrics are on) and, for
 * v1 calls and sync cycles, records a span (when tracing is on).
 */

/** `METRICS_TOKEN` switches the metrics on (docs/operations.md); without it nothing is counted. */
export function metricsToken(env: Record<string, string | undefined> = process.env): string | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 32)
    throw new Error("METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)");
  return token;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metric = { registers: [registry] };
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests by route template, method and status",
      labelNames: ["route", "method", "status"],
      ...metric,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to the end of the answer, by route template",
      labelNames: ["route", "method"],
      buckets: SECONDS,
      ...metric,
    }),
    v1Calls: new Counter({
      name: "halqa_v1_calls_total",
      help: "Calls to a school's API v1 (one per attempt) by outcome: HTTP status or failure code",
      labelNames: ["connection", "operation", "outcome"],
      ...metric,
    }),
    v1Duration: new Histogram({
      name: "halqa_v1_call_duration_seconds",
      help: "Latency of a call to a school's API v1",
      labelNames: ["connection", "operation"],
      buckets: SECONDS,
      ...metric,
    }),
    schoolAnswered: new Gauge({
      name: "halqa_school_last_answer_timestamp_seconds",
      help: "When the school's API last answered (any HTTP status)",
      labelNames: ["connection"],
      ...metric,
    }),
    syncCycles: new Counter({
      name: "halqa_sync_cycles_total",
      help: "Sync cycles by job (plans, progress) and outcome (completed, busy, denied, failed)",
      labelNames: ["job", "connection", "outcome"],
      ...metric,
    }),
    syncFailures: new Counter({
      name: "halqa_sync_failures_total",
      help: "Sync cycles that were refused or interrupted, by failure code",
      labelNames: ["job", "connection", "code"],
      ...metric,
    }),
    syncDuration: new Histogram({
      name: "halqa_sync_cycle_duration_seconds",
      help: "Duration of a sync cycle that ran",
      labelNames: ["job", "connection"],
      buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600],
      ...metric,
    }),
    syncRecords: new Counter({
      name: "halqa_sync_records_total",
      help: "Records read by completed sync cycles",
      labelNames: ["job", "connection"],
      ...metric,
    }),
    syncSucceeded: new Gauge({
      name: "halqa_sync_last_success_timestamp_seconds",
      help: "When the job last completed a cycle for the connection",
      labelNames: ["job", "connection"],
      ...metric,
    }),
    registerSaves: new Counter({
      name: "halqa_register_saves_total",
      help: "Marks saved from the live register, by outcome (saved or the refusal's code)",
      labelNames: ["outcome"],
      ...metric,
    }),
    outboxDepth: new Gauge({
      name: "halqa_outbox_messages_waiting",
      help: "Messages to families waiting to be sent (pending or sending), read at scrape time",
      labelNames: ["connection"],
      ...metric,
    }),
    outboxOldest: new Gauge({
      name: "halqa_outbox_oldest_waiting_age_seconds",
      help: "Age of the oldest message waiting to be sent (0 when none)",
      labelNames: ["connection"],
      ...metric,
    }),
    guardWait: new Histogram({
      name: "halqa_live_guard_wait_seconds",
      help: "Time a mark waited for the live register's guard (one writer per student and session)",
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      ...metric,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for("halqa-dashboard.metrics");
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics | null };

/** The process's metrics, or null when they are off (no METRICS_TOKEN, or an invalid one: refused at start). */
export function metrics(): Metrics | null {
  if (holder[KEY] === undefined) {
    let on = false;
    try {
      on = metricsToken() !== null;
    } catch {
      on = false;
    }
    holder[KEY] = on ? createMetrics() : null;
  }
  return holder[KEY];
}

/** From where Node announces a request (lib/security/peer-stamp.ts): its route, status and duration. */
export function observeHttpRequest(request: IncomingMessage, response: ServerResponse): void {
  const m = metrics();
  if (!m) return;
  const started = process.hrtime.bigint();
  response.once("finish", () => {
    const route = routeTemplate((request.url ?? "/").split("?")[0]!);
    const method = request.method ?? "GET";
    m.httpRequests.inc({ route, method, status: String(response.statusCode) });
    m.httpDuration.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

/** For lib/v1's `observe` option: every attempt of a call to the connection's school. */
export function observeV1Call(connection: string, call: V1CallObservation): void {
  recordSpan(
    `v1 ${call.operation}`,
    { "halqa.connection": connection, "halqa.v1.operation": call.operation, "halqa.v1.outcome": call.outcome },
    call.seconds,
    !/^[23]/.test(call.outcome),
  );
  lastAnswers.set(connection, call.answered ? Date.now() : (lastAnswers.get(connection) ?? null));
  const m = metrics();
  if (!m) return;
  m.v1Calls.inc({ connection, operation: call.operation, outcome: call.outcome });
  m.v1Duration.observe({ connection, operation: call.operation }, call.seconds);
  if (call.answered) m.schoolAnswered.set({ connection }, Date.now() / 1000);
}

// Per process, whichever chunk of the build records or reads it (as the metrics above).
const ANSWERS = Symbol.for("halqa-dashboard.last-school-answers");
const lastAnswers = ((globalThis as typeof globalThis & { [ANSWERS]?: Map<string, number | null> })[ANSWERS] ??=
  new Map());

/** When each connection's school last answered this process (for /api/ready); null: not yet. */
export function lastSchoolAnswer(connection: string): Date | null {
  const at = lastAnswers.get(connection);
  return at ? new Date(at) : null;
}

/** The live register: a batch of marks saved (or refused, by code), and how long it waited for its turn. */
export function observeRegisterSave(outcome: string): void {
  metrics()?.registerSaves.inc({ outcome });
}

export function observeGuardWait(seconds: number): void {
  metrics()?.guardWait.observe(seconds);
}

type CycleOutcome = { status: string; records?: number; code?: string };

/** Wraps one sync cycle: counted by outcome, timed, its records and failure code kept. */
export async function observeSyncCycle<R>(
  job: "plans" | "progress",
  connection: string,
  run: () => Promise<R>,
  outcomeOf: (result: R) => CycleOutcome,
): Promise<R> {
  const m = metrics();
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await inSpan(`sync ${job}`, { "halqa.connection": connection, "halqa.sync.job": job }, run);
    const outcome = outcomeOf(result);
    m?.syncCycles.inc({ job, connection, outcome: outcome.status });
    if (outcome.status !== "busy") m?.syncDuration.observe({ job, connection }, seconds());
    if (outcome.code) m?.syncFailures.inc({ job, connection, code: outcome.code });
    if (outcome.status === "completed") {
      m?.syncRecords.inc({ job, connection }, outcome.records ?? 0);
      m?.syncSucceeded.set({ job, connection }, Date.now() / 1000);
    }
    return result;
  } catch (error) {
    m?.syncCycles.inc({ job, connection, outcome: "failed" });
    m?.syncDuration.observe({ job, connection }, seconds());
    m?.syncFailures.inc({ job, connection, code: failureCode(error) });
    throw error;
  }
}

/** A thrown failure's code (a school's, or one of FAILURE_KINDS), else its kind: never its message. */
function failureCode(error: unknown): string {
  return codeOf(error) ?? (error instanceof Error ? error.name : "unexpected");
}
