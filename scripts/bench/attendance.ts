/**
 * Issue 4 bench: live attendance through the dashboard's own write path, on loopback.
 *
 * N simulated teachers (default 50), each with a session of its own and a class of 30, run the
 * register's real outbox (lib/features/live/outbox/queue.ts, the product's default timings, an in-memory
 * store) in this process; its sender calls the real `saveMarks` server action of the built app over
 * HTTP, signed in as the demo teacher (as the browser does: `Next-Action` POST to the live page),
 * which authorizes, audits and sends ONE `PUT /sessions/{id}/attendance`. Each teacher sweeps down
 * the register: 30 taps, one every ATTENDANCE_BENCH_TAP_GAP_MS (default 3 ms: "all present, then
 * the exceptions" at a finger's fastest); the teachers begin over ATTENDANCE_BENCH_SPREAD_S seconds
 * (default 30: classes starting around the same time). Measured: tap → the row shows saved
 * (p50/p95/p99), PUTs per 30-tap burst, errors, and marks lost (the API's attendance compared with
 * the taps at the end). A few teachers tapping at a steady human pace are shown beside, no target.
 * Targets: p95 ≤ 150 ms, ≤ 2 PUTs per burst, 0 errors, 0 lost marks.
 *
 * It also weighs the live session page's First Load JS (gzip of the scripts its HTML loads) beside
 * an empty page of the same build (the root not-found page: framework and root layout only).
 * Target ≤ 1.4×.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { AttendanceRow, Halqa, Semester, Session, Sheikh, Student } from "@/lib/contract";
import { LiveQueue, type QueueEnv } from "@/lib/features/live/outbox/queue";
import { MemoryStore } from "@/lib/features/live/outbox/store";
import type { SaveMarksData, SaveMarksInput } from "@/lib/features/live/types";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME } from "@/school-api/seed-facts";
import type { Column, ResultRow } from "./report";
import type { BenchContext, Suite } from "./suite";
import { v1Client, type V1 } from "./v1-client";
import type { ActionResult } from "@/lib/actions/result";

export const ADMIN_KEY = DEMO_KEYS.alnoorAdmin;
export const TEACHER = { email: "teacher@alnoor.demo", password: "demo1234" };
export const CLASS_SIZE = 30;
/** Targets of a teacher's taps, shared with the instances bench. */
export const TAP_TARGETS = { p95Ms: 150, putsPerBurst: 2 };
const TARGETS = { ...TAP_TARGETS, firstLoadRatio: 1.4 };
export const STATUSES = ["present", "present", "present", "late", "absent", "excused"] as const;
const STEADY = { teachers: 5, gapMs: 250 };

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

/** A signed-in browser's cookies, kept by hand (fetch has no jar). */
export class Cookies {
  private jar = new Map<string, string>();
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const at = pair.indexOf("=");
      if (at > 0) this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export async function signIn(origin: string, account: { email: string; password: string }): Promise<Cookies> {
  const cookies = new Cookies();
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  cookies.keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.header() },
    body: new URLSearchParams({
      csrfToken,
      email: account.email,
      password: account.password,
      callbackUrl: `${origin}/today`,
    }),
  });
  cookies.keep(response);
  if (!cookies.header().includes("session-token"))
    throw new Error(`signing in as ${account.email} failed (${response.status})`);
  return cookies;
}

/** The id the build gave an exported server action (the browser sends it as `Next-Action`). */
export function actionId(exportedName: string, file: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8"),
  ) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.exportedName === exportedName && entry.filename === file,
  );
  if (!found) throw new Error(`server action ${exportedName} of ${file} is not in the build's manifest`);
  return found[0];
}

/** Calls a server action as the browser does and returns its result (the RSC payload's row 1). */
export async function callAction<T>(
  origin: string,
  page: string,
  id: string,
  cookies: Cookies,
  input: unknown,
): Promise<T> {
  const response = await fetch(`${origin}${page}`, {
    method: "POST",
    headers: {
      "next-action": id,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      origin,
      cookie: cookies.header(),
    },
    body: JSON.stringify([input]),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => row.startsWith("1:"));
  if (response.status !== 200 || !line)
    throw new Error(`server action answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(line.slice(2)) as T;
}

/** The live register of a session, where the saveMarks action is called from. */
export const livePage = (sessionId: string) => `/sessions/${sessionId}/live`;

/** An empty saveMarks call on a session's register, off the record: it compiles the route and fills the caches. */
export function warmUpSaveMarks(origin: string, saveMarks: string, cookies: Cookies, sessionId: string) {
  return callAction(origin, livePage(sessionId), saveMarks, cookies, {
    sessionId,
    deviceId: "warm-up",
    marks: [],
  }).catch(() => undefined);
}

/** The teacher's halqa with CLASS_SIZE active students (created when fewer) and one open session per simulated teacher. */
export async function fixture(api: V1, teachers: number) {
  const [semester] = await api.list<Semester>("/semesters", { status: "active" });
  if (!semester) throw new Error("the demo school has no active semester");
  const sheikh = (await api.list<Sheikh>("/sheikhs")).find((s) => s.name === DEMO_TEACHER_SHEIKH_NAME);
  const halqaId = sheikh?.halqa_ids[0];
  if (!sheikh || !halqaId) throw new Error(`the demo teacher's sheikh ${DEMO_TEACHER_SHEIKH_NAME} has no halqa`);
  const halqa = await api.get<{ data: Halqa }>(`/halqas/${halqaId}`);
  const ids = (await api.list<Student>("/students", { halqa_id: halqaId, status: "active" })).map(
    (student) => student.id,
  );
  while (ids.length < CLASS_SIZE) {
    const created = await api.send<{ data: Student }>(
      "POST",
      "/students",
      { halqa_id: halqaId, full_name: `Bench Learner ${ids.length + 1}` },
      201,
    );
    ids.push(created.data.id);
  }
  return {
    halqa: halqa.data,
    sheikh,
    students: ids.slice(0, CLASS_SIZE),
    sessions: await fixtureSessions(api, { id: halqaId, sheikhId: sheikh.id }, teachers),
  };
}

/** One open session of the halqa per simulated teacher. */
export async function fixtureSessions(
  api: V1,
  halqa: { id: string; sheikhId: string },
  count: number,
): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) {
    sessions.push(
      (
        await api.send<{ data: Session }>(
          "POST",
          "/sessions",
          { halqa_id: halqa.id, sheikh_id: halqa.sheikhId, topic: `Attendance bench ${i + 1}` },
          201,
        )
      ).data,
    );
  }
  return sessions;
}

const nodeEnv: QueueEnv = {
  now: () => Date.now(),
  random: Math.random,
  uuid: randomUUID,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  isOnline: () => true,
  on: () => () => undefined,
};

export type TeacherRun = {
  latencies: number[];
  puts: number;
  errors: string[];
  unsaved: number;
  /** First tap to last tap: the sweep's own length on this machine. */ sweepMs: number;
};

/** One teacher's burst through the real queue; resolves when every tap shows saved (or after 30 s). */
export async function runTeacher(input: {
  tenantId: string;
  session: Session;
  students: string[];
  gapMs: number;
  send: (marks: SaveMarksInput) => Promise<ActionResult<SaveMarksData>>;
}): Promise<TeacherRun> {
  const run: TeacherRun = { latencies: [], puts: 0, errors: [], unsaved: 0, sweepMs: 0 };
  const queue = new LiveQueue({
    tenantId: input.tenantId,
    sessionId: input.session.id,
    store: new MemoryStore(),
    env: nodeEnv,
    send: {
      marks: async (marks) => {
        run.puts++;
        try {
          const result = await input.send(marks);
          if (!result.ok) run.errors.push(result.message);
          return result;
        } catch (error) {
          run.errors.push(error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
      recitation: () => Promise.reject(new Error("the attendance bench records no recitations")),
    },
  }).start();
  await queue.ready;
  const tappedAt = new Map<string, number>();
  const savedAt = new Map<string, number>();
  let done: () => void = () => undefined;
  const allSaved = new Promise<void>((resolve) => (done = resolve));
  queue.subscribe(() => {
    const snapshot = queue.getSnapshot();
    const now = performance.now();
    for (const [student, at] of tappedAt) {
      if (savedAt.has(student) || snapshot.marks.has(student) || !snapshot.savedRows.has(student)) continue;
      savedAt.set(student, now);
      run.latencies.push(now - at);
    }
    if (savedAt.size === input.students.length) done();
  });
  for (const [index, student] of input.students.entries()) {
    tappedAt.set(student, performance.now());
    queue.mark(student, STATUSES[index % STATUSES.length]!);
    if (input.gapMs > 0 && index < input.students.length - 1)
      await new Promise((resolve) => setTimeout(resolve, input.gapMs));
  }
  run.sweepMs = Math.max(...tappedAt.values()) - Math.min(...tappedAt.values());
  await Promise.race([allSaved, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  run.unsaved = input.students.length - savedAt.size;
  queue.dispose();
  return run;
}

/** Gzip bytes of the scripts an HTML page loads. */
async function firstLoadJs(origin: string, pagePath: string, cookies: Cookies): Promise<number> {
  const html = await (await fetch(`${origin}${pagePath}`, { headers: { cookie: cookies.header() } })).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!))];
  if (sources.length === 0) throw new Error(`${pagePath} loads no script`);
  let bytes = 0;
  for (const source of sources)
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(source, origin))).arrayBuffer())).length;
  return bytes;
}

/** Lost marks: what the school holds against what was tapped (each student once, the same status per index). */
export async function lostMarks(api: V1, sessions: readonly Session[], students: readonly string[]): Promise<number> {
  let lost = 0;
  for (const session of sessions) {
    const rows = await api.list<AttendanceRow>(`/sessions/${session.id}/attendance`);
    for (const [index, student] of students.entries()) {
      if (rows.find((row) => row.student_id === student)?.status !== STATUSES[index % STATUSES.length]) lost++;
    }
  }
  return lost;
}

/** What the school holds after the runs (lost marks), the runs' figures, and the rows both attendance benches report. */
export async function tapOutcome(
  api: V1,
  runs: readonly TeacherRun[],
  sessions: readonly Session[],
  students: readonly string[],
) {
  const lost = await lostMarks(api, sessions, students);
  const figures = figuresOf(runs);
  return { ...figures, lost, taps: tapRows(figures, lost, sessions.length * students.length) };
}

/** The teachers' runs together: every tap's latency (sorted), PUTs per teacher, errors and unsaved marks. */
export function figuresOf(runs: readonly TeacherRun[]) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const puts = runs.map((run) => run.puts);
  return {
    latencies,
    puts,
    maxPuts: Math.max(...puts),
    meanPuts: puts.reduce((a, b) => a + b, 0) / puts.length,
    errors: runs.flatMap((run) => run.errors),
    unsaved: runs.reduce((sum, run) => sum + run.unsaved, 0),
    p95: percentile(latencies, 95),
  };
}

export const verdict = (ok: boolean, reason: string): Pick<ResultRow, "verdict" | "reason"> =>
  ok ? { verdict: "PASS" } : { verdict: "FAIL", reason };
export const info = (target: string, value: number, unit: string): ResultRow => ({
  target,
  values: { value, unit },
  goal: "n/a",
  verdict: "n/a",
});

/** The rows both attendance benches report: tap latency and PUTs per burst, then errors and lost marks. */
export function tapRows(
  f: ReturnType<typeof figuresOf>,
  lost: number,
  marks: number,
): { latency: ResultRow[]; failures: ResultRow[] } {
  const { latencies, p95, maxPuts, meanPuts, errors, unsaved } = f;
  return {
    latency: [
      info("tap → saved p50", percentile(latencies, 50), "ms"),
      {
        target: "tap → saved p95",
        values: { value: p95, unit: "ms" },
        goal: `≤ ${TAP_TARGETS.p95Ms} ms`,
        ...verdict(p95 <= TAP_TARGETS.p95Ms, `${p95.toFixed(0)} ms`),
      },
      info("tap → saved p99", percentile(latencies, 99), "ms"),
      {
        target: "PUTs per 30-tap burst (most)",
        values: { value: maxPuts, unit: `mean ${meanPuts.toFixed(2)}` },
        goal: `≤ ${TAP_TARGETS.putsPerBurst}`,
        ...verdict(maxPuts <= TAP_TARGETS.putsPerBurst, `${maxPuts} PUTs`),
      },
    ],
    failures: [
      {
        target: "errors",
        values: { value: errors.length + unsaved, unit: "" },
        goal: "0",
        ...verdict(errors.length + unsaved === 0, `${errors.length} errors, ${unsaved} taps never saved`),
      },
      {
        target: "lost marks",
        values: { value: lost, unit: `of ${marks}` },
        goal: "0",
        ...verdict(lost === 0, `${lost} lost`),
      },
    ],
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

const COLUMNS: Column[] = [
  { key: "value", label: "measured", digits: 1 },
  { key: "unit", label: "unit" },
];

export const attendanceSuite: Suite = {
  name: "attendance",
  summary:
    "live attendance: simulated teachers tapping 30 students through the queue and the saveMarks action; First Load JS of the live page",
  async run({ server, log }: BenchContext) {
    const teachers = numberFromEnv("ATTENDANCE_BENCH_TEACHERS", 50);
    const gapMs = numberFromEnv("ATTENDANCE_BENCH_TAP_GAP_MS", 3);
    const spreadMs = numberFromEnv("ATTENDANCE_BENCH_SPREAD_S", 30) * 1000;
    const origin = server.origin;
    const api = v1Client(origin, ADMIN_KEY, AbortSignal.timeout(20 * 60_000));
    const school = await api.get<{ data: { id: string } }>("/school");
    const { students, sessions, halqa, sheikh } = await fixture(api, teachers);
    log(
      `attendance: ${teachers} sessions of "${halqa.name}" with ${students.length} students each; signing in as ${TEACHER.email}`,
    );
    const cookies = await signIn(origin, TEACHER);
    const saveMarks = actionId("saveMarks", "lib/features/live/server/actions.ts");

    // Warm the route (first compile of the action's page, reference caches), off the record.
    await warmUpSaveMarks(origin, saveMarks, cookies, sessions[0]!.id);

    const pass = (group: Session[], gap: number, spread: number) =>
      Promise.all(
        group.map(async (session, index) => {
          await new Promise((resolve) => setTimeout(resolve, (spread * index) / Math.max(1, group.length)));
          return runTeacher({
            tenantId: school.data.id,
            session,
            students,
            gapMs: gap,
            send: (marks) => callAction(origin, livePage(session.id), saveMarks, cookies, marks),
          });
        }),
      );
    log(`attendance: ${teachers} teachers, one tap every ${gapMs} ms, starting over ${spreadMs / 1000} s`);
    const started = performance.now();
    const runs = await pass(sessions, gapMs, spreadMs);
    const wallMs = performance.now() - started;
    // For comparison, no target: a few teachers tapping at a steady human pace, on sessions of their own.
    log(`attendance: ${STEADY.teachers} teachers at a steady pace, one tap every ${STEADY.gapMs} ms`);
    const steady = await pass(
      await fixtureSessions(api, { id: halqa.id, sheikhId: sheikh.id }, STEADY.teachers),
      STEADY.gapMs,
      1_000,
    );
    const steadyLatencies = steady.flatMap((run) => run.latencies).sort((a, b) => a - b);

    const { latencies, puts, errors, unsaved, lost, taps } = await tapOutcome(api, runs, sessions, students);

    log("attendance: weighing First Load JS");
    const liveJs = await firstLoadJs(origin, livePage(sessions[0]!.id), cookies);
    const emptyJs = await firstLoadJs(origin, "/bench-empty-page", cookies);
    const ratio = liveJs / emptyJs;

    const rows: ResultRow[] = [
      ...taps.latency,
      ...taps.failures,
      info(`steady pace (a tap every ${STEADY.gapMs} ms): tap → saved p95`, percentile(steadyLatencies, 95), "ms"),
      info(`steady pace: PUTs per 30 taps (most)`, Math.max(...steady.map((run) => run.puts)), "PUTs"),
      info("live page First Load JS", liveJs / 1024, "KiB gz"),
      info("empty page First Load JS", emptyJs / 1024, "KiB gz"),
      {
        target: "live page ÷ empty page",
        values: { value: ratio, unit: "×" },
        goal: `≤ ${TARGETS.firstLoadRatio}×`,
        ...verdict(ratio <= TARGETS.firstLoadRatio, `${ratio.toFixed(2)}×`),
      },
    ];
    return {
      suite: "attendance",
      title: `Attendance bench — ${teachers} teachers × ${students.length} taps (one every ${gapMs} ms), through the queue and the saveMarks action, ${(wallMs / 1000).toFixed(1)} s`,
      columns: COLUMNS,
      rows,
      notes: [
        "tap → saved: from the tap to the queue showing the row saved (the server confirmed it), with the product's default queue timings",
        "the empty page is the root not-found page of the same build (framework and root layout); First Load JS = gzip of the scripts in the HTML",
        `errors: ${errors.slice(0, 3).join(" | ") || "none"}`,
      ],
      raw: { latencies, puts, errors, unsaved, lost, liveJs, emptyJs, wallMs },
    };
  },
};
