/**
 * Issue 24 bench: the weekly summaries of a whole school. The demo school is grown by the
 * large-school generator (NOTICES_BENCH_STUDENTS, default 5,000 students) in a fresh PGlite folder;
 * the dashboard's store is a PostgreSQL 15 of its own (scripts/postgres.ts), so the bench can add a
 * parent for every child while the server runs. The server starts in the README's default
 * configuration but for SMTP_URL (a loopback SMTP sink, the npm package smtp-server) and the notices
 * job every 5 s instead of 60 (so the figure is not a wait for the next minute). Once the first
 * progress sync has completed (the summaries are built from the read models), every child gets a
 * parent and the school's weekly moment is set to now; the figure is the time until every summary
 * was handed to the SMTP server, and the server's largest resident memory meanwhile.
 * Then the absence leg (./notices-absence.ts): 167 registers ended at once in the dashboard.
 * Targets: ≤ 60 s each, RSS ≤ 600 MB. The machine's load is printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { dateIn } from "../../lib/dates";
import { startPostgres, postgresAvailable } from "../postgres";
import { endAllAtOnce } from "./notices-absence";
import { grow } from "./pages";
import type { Column, SuiteReport } from "./report";
import { freePort, groupRssMb, logMessages, startServer, waitForApi } from "./server";
import type { BenchContext, Suite } from "./suite";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const TARGETS = { seconds: 60, rssMb: 600 };
const KEY = DEMO_KEYS.alnoorAdmin;
const COLUMNS: Column[] = [
  { key: "count", label: "messages", digits: 0 },
  { key: "seconds", label: "seconds", digits: 1 },
  { key: "rss", label: "max RSS MB", digits: 0 },
];

type Student = {
  id: string;
  lineage_id: string;
  full_name: string;
  semester_id: string;
  halqa_id: string;
  status: string;
};

async function allStudents(origin: string, semesterId: string): Promise<Student[]> {
  const students: Student[] = [];
  let cursor: string | null = null;
  do {
    const response = await fetch(
      `${origin}/api/v1/students?semester_id=${semesterId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { headers: { authorization: `Bearer ${KEY}` } },
    );
    const body = (await response.json()) as { data: Student[]; pagination: { next_cursor: string | null } };
    students.push(...body.data.filter((student) => student.semester_id === semesterId));
    cursor = body.pagination.next_cursor;
  } while (cursor);
  return students;
}

async function until<T>(
  what: string,
  read: () => Promise<T | null>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    const value = await read().catch(() => null);
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 60_000} minutes`);
}

async function run(context: BenchContext): Promise<SuiteReport> {
  const { log, signal } = context;
  if (!postgresAvailable()) throw new Error("the notices bench needs PostgreSQL 15 (apt-get install -y postgresql)");
  const students = Number(process.env.NOTICES_BENCH_STUDENTS) || 5000;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "halqa-notices-bench-"));
  const loadBefore = os.loadavg();
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No DNS here: a reverse lookup of 127.0.0.1 per connection would be the sink's cost, not ours.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on("end", () => {
        if (session.envelope.rcptTo.some((to) => to.address.endsWith("@bench.test"))) received++;
        callback();
      });
      stream.resume();
    },
  });
  // A client that resets its connection is the client's business, as for any mail server.
  smtp.on("error", () => undefined);
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", () => resolve()));
  const postgres = await startPostgres();
  const db = new pg.Client({ connectionString: postgres.url });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await grow(path.join(dataDir, "school-api"), students, log);
    server = await startServer(signal, {
      env: {
        SCHOOL_API_DATA_DIR: path.join(dataDir, "school-api"),
        DATABASE_URL: postgres.url,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "no-reply@alnoor.test",
        DASHBOARD_URL: "https://dashboard.alnoor.test",
        NOTICES_INTERVAL_SECONDS: "5",
        // The README's default: the plan and progress syncs every 15 minutes (the bench server's default is off).
        PLAN_SYNC_INTERVAL_MINUTES: "15",
      },
    });
    const origin = server.origin;
    const pid = server.pid;
    await waitForApi(server, KEY, signal);
    await db.connect();
    const synced = await until(
      "the first progress sync",
      async () =>
        (
          await db.query<{ at: Date }>(
            "select last_completed_at as at from progress_sync_state where connection_id = 'alnoor' and last_completed_at is not null",
          )
        ).rows[0]?.at ?? null,
      30 * 60_000,
      signal,
    );
    log(`first progress sync completed at ${synced.toISOString()}; RSS ${groupRssMb(pid)?.toFixed(0)} MB`);

    const semesters = (await (
      await fetch(`${origin}/api/v1/semesters?status=active&limit=100`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as { data: { id: string; status: string }[] };
    const active = semesters.data.find((semester) => semester.status === "active")!;
    const children = await allStudents(origin, active.id);
    const before = received;
    const school = (await (
      await fetch(`${origin}/api/v1/school`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as { data: { id: string; name: string; time_zone: string } };
    // A parent for every child, in one transaction; then the weekly moment is now (school time: any hour of today).
    await db.query("begin");
    // The connection's row appears with the first sign-in; the bench's parents never sign in.
    await db.query(
      "insert into connections (id, label, tenant_id) values ('alnoor', $1, $2) on conflict (id) do nothing",
      [school.data.name, school.data.id],
    );
    for (let i = 0; i < children.length; i += 500) {
      const batch = children.slice(i, i + 500);
      const users = batch.map((child, j) => [
        `bench-parent-${i + j}`,
        `parent${i + j}@bench.test`,
        `Parent of ${child.full_name}`,
        (i + j) % 3 === 0 ? "ar" : "en",
      ]);
      await db.query(
        `insert into users (id, connection_id, email, name, role, locale) select u.id, 'alnoor', u.email, u.name, 'parent', u.locale from json_to_recordset($1) as u(id text, email text, name text, locale text)`,
        [JSON.stringify(users.map(([id, email, name, locale]) => ({ id, email, name, locale })))],
      );
      await db.query(
        `insert into user_links (user_id, kind, ref_id, label) select l.user_id, 'student_lineage', l.ref_id, l.label from json_to_recordset($1) as l(user_id text, ref_id text, label text)`,
        [
          JSON.stringify(
            batch.map((child, j) => ({
              user_id: `bench-parent-${i + j}`,
              ref_id: child.lineage_id,
              label: child.full_name,
            })),
          ),
        ],
      );
    }
    const weekday = new Date(`${dateIn(school.data.time_zone)}T12:00:00Z`).getUTCDay();
    await db.query(
      "insert into notice_settings (connection_id, weekly_day, weekly_time) values ('alnoor', $1, '00:00') on conflict (connection_id) do update set weekly_day = $1, weekly_time = '00:00', weekly_on = true",
      [weekday],
    );
    await db.query("update notice_job_state set last_weekly_week = null where connection_id = 'alnoor'");
    await db.query("commit");
    const started = performance.now();
    log(`${children.length} parents linked; the weekly moment is now`);

    let maxRss = 0;
    const expected = children.length;
    const seen = new Set(logMessages(server, "notices"));
    /** The job's own lines (what each run queued and sent), with the time they came. */
    const jobLines = (since: number) => {
      for (const line of logMessages(server!, "notices").filter((message) => !seen.has(message))) {
        seen.add(line);
        log(`+${((performance.now() - since) / 1000).toFixed(0)} s ${line}; ${received} received in all`);
      }
    };
    await until(
      `${expected} summaries handed over`,
      async () => {
        maxRss = Math.max(maxRss, groupRssMb(pid) ?? 0);
        jobLines(started);
        return received - before >= expected ? true : null;
      },
      20 * 60_000,
      signal,
    );
    const seconds = (performance.now() - started) / 1000;
    const weeklyReceived = received - before;
    log(`${weeklyReceived} weekly summaries handed over in ${seconds.toFixed(1)} s; RSS max ${maxRss.toFixed(0)} MB`);
    const absence = await endAllAtOnce({
      origin,
      key: KEY,
      children,
      received: () => received,
      until: (what, read, since) =>
        until(
          what,
          async () => ((maxRss = Math.max(maxRss, groupRssMb(pid) ?? 0)), jobLines(since), await read()),
          10 * 60_000,
          signal,
        ),
      log,
      signal,
    });
    const loadAfter = os.loadavg();
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" / ");
    return {
      suite: "notices",
      title: `Weekly summaries and absence notices of a whole school — the demo grown by ${students} students, a parent each (PostgreSQL store, SMTP sink on loopback)`,
      columns: COLUMNS,
      rows: [
        {
          target: "every weekly summary composed and handed to SMTP",
          values: { count: weeklyReceived, seconds, rss: null },
          goal: `≤ ${TARGETS.seconds} s`,
          verdict: seconds <= TARGETS.seconds ? "PASS" : "FAIL",
          ...(seconds > TARGETS.seconds ? { reason: `${seconds.toFixed(0)} s` } : {}),
        },
        {
          target: `absence notices of ${absence.sessions} sessions ended at once in the dashboard`,
          values: { count: absence.expected, seconds: absence.seconds, rss: null },
          goal: `≤ ${TARGETS.seconds} s`,
          verdict: absence.seconds <= TARGETS.seconds ? "PASS" : "FAIL",
          ...(absence.seconds > TARGETS.seconds ? { reason: `${absence.seconds.toFixed(0)} s` } : {}),
        },
        {
          target: "server memory meanwhile",
          values: { count: null, seconds: null, rss: maxRss },
          goal: `≤ ${TARGETS.rssMb} MB`,
          verdict: maxRss <= TARGETS.rssMb ? "PASS" : "FAIL",
          ...(maxRss > TARGETS.rssMb ? { reason: `${maxRss.toFixed(0)} MB` } : {}),
        },
      ],
      notes: [
        `machine load (1/5/15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}; ${os.cpus().length} CPUs`,
        "seconds: from the weekly moment set to now until the SMTP sink received the last summary, the job's 5 s tick included",
        `absence: from the first of the ${absence.sessions} endSession actions until the sink had every notice; the actions' own p95 ${absence.endP95Ms.toFixed(0)} ms`,
      ],
      raw: { students, parents: expected, received: weeklyReceived, seconds, maxRss, absence },
    };
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    await postgres.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const noticesSuite: Suite = {
  name: "notices",
  summary: "weekly summaries of a 5,000-student school, a parent each, to a loopback SMTP sink (issue 24)",
  run,
};
