/**
 * Issue 13 bench: the attendance bench's teachers, 200 of them (INSTANCES_BENCH_TEACHERS), through
 * two `next start` instances on one PostgreSQL 15 behind HAProxy (round robin), as README "How it
 * scales" runs them (scripts/instances.ts; the README's default configuration: scheduler and rate
 * limit on). Each teacher's queue sends to the balancer, so a teacher's batches land on either
 * instance and the late-batch guard and rate buckets are the shared ones. It does not use the
 * suite's own single server.
 * Measured: tap → saved (p50/p95/p99), PUTs per 30-tap burst, errors, marks lost; with the
 * machine's load (os.loadavg) before and after. Targets: p95 ≤ 150 ms, ≤ 2 PUTs, 0 errors, 0 lost.
 */
import os from "node:os";
import type { Session } from "@/lib/contract";
import { instancesUnavailable, startInstances } from "../instances";
import {
  actionId,
  ADMIN_KEY,
  callAction,
  fixture,
  info,
  livePage,
  percentile,
  runTeacher,
  signIn,
  TAP_TARGETS,
  TEACHER,
  tapOutcome,
  warmUpSaveMarks,
} from "./attendance";
import { loadText, type Column, type ResultRow } from "./report";
import { numberFromEnv, type BenchContext, type Suite } from "./suite";
import { v1Client } from "./v1-client";

const COLUMNS: Column[] = [
  { key: "value", label: "measured", digits: 1 },
  { key: "unit", label: "unit" },
];

export const instancesSuite: Suite = {
  name: "instances",
  summary:
    "200 simulated teachers through two next start instances on one PostgreSQL behind HAProxy: tap → saved, PUTs per burst, lost marks",
  async run({ log, signal }: BenchContext) {
    const unavailable = instancesUnavailable();
    if (unavailable) throw new Error(`the instances bench cannot run: ${unavailable}`);
    const teachers = numberFromEnv("INSTANCES_BENCH_TEACHERS", 200);
    const gapMs = numberFromEnv("ATTENDANCE_BENCH_TAP_GAP_MS", 3);
    const spreadMs = numberFromEnv("INSTANCES_BENCH_SPREAD_S", 30) * 1000;
    const cluster = await startInstances({ logPrefix: "bench-instances", log: (line) => log(`instances: ${line}`) });
    try {
      const origin = cluster.balancer;
      const api = v1Client(origin, ADMIN_KEY, AbortSignal.any([signal, AbortSignal.timeout(20 * 60_000)]));
      const school = await api.get<{ data: { id: string } }>("/school");
      const { students, sessions, halqa } = await fixture(api, teachers);
      log(
        `instances: ${teachers} sessions of "${halqa.name}" with ${students.length} students each; signing in as ${TEACHER.email} through the balancer`,
      );
      const cookies = await signIn(origin, TEACHER);
      const saveMarks = actionId("saveMarks", "lib/features/live/server/actions.ts");
      // Warm both instances (round robin: two calls), off the record.
      for (let turn = 0; turn < cluster.instances.length; turn++)
        await warmUpSaveMarks(origin, saveMarks, cookies, sessions[0]!.id);

      const loadBefore = os.loadavg();
      log(
        `instances: ${teachers} teachers, one tap every ${gapMs} ms, starting over ${spreadMs / 1000} s; load before ${loadText(loadBefore)}`,
      );
      const started = performance.now();
      const runs = await Promise.all(
        sessions.map(async (session: Session, index) => {
          await new Promise((resolve) => setTimeout(resolve, (spreadMs * index) / Math.max(1, sessions.length)));
          return runTeacher({
            tenantId: school.data.id,
            session,
            students,
            gapMs,
            send: (marks) => callAction(origin, livePage(session.id), saveMarks, cookies, marks),
          });
        }),
      );
      const wallMs = performance.now() - started;
      const loadAfter = os.loadavg();

      const { latencies, puts, errors, unsaved, lost, taps } = await tapOutcome(api, runs, sessions, students);
      const sweeps = runs.map((run) => run.sweepMs).sort((a, b) => a - b);
      const rows: ResultRow[] = [
        ...taps.latency,
        info(
          "bursts with more than 2 PUTs",
          puts.filter((count) => count > TAP_TARGETS.putsPerBurst).length,
          `of ${teachers}`,
        ),
        info("tap sweep p95 (first → last of the 30 taps; 87 ms unloaded)", percentile(sweeps, 95), "ms"),
        ...taps.failures,
        info("machine load before (1/5/15 min)", loadBefore[0]!, loadText(loadBefore)),
        info("machine load after (1/5/15 min)", loadAfter[0]!, loadText(loadAfter)),
        info("CPUs", os.cpus().length, ""),
      ];
      return {
        suite: "instances",
        title: `Two instances behind HAProxy on one PostgreSQL — ${teachers} teachers × ${students.length} taps (one every ${gapMs} ms), ${(wallMs / 1000).toFixed(1)} s`,
        columns: COLUMNS,
        rows,
        notes: [
          `balancer ${origin} (round robin) → ${cluster.instances.map((instance) => instance.origin).join(", ")}; PostgreSQL 15 (both stores, a database each)`,
          `machine load (os.loadavg, 1/5/15 min): before ${loadText(loadBefore)}, after ${loadText(loadAfter)}, on ${os.cpus().length} CPUs`,
          `errors: ${errors.slice(0, 3).join(" | ") || "none"}`,
        ],
        raw: { latencies, puts, errors, unsaved, lost, wallMs, loadBefore, loadAfter },
      };
    } finally {
      await cluster.stop();
    }
  },
};
