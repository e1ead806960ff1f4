import { attendanceFixture, type AttendanceFixture } from "./api-fixtures";
import { compareWithBare, warmUp, type Comparison, type Measurement, type RequestSpec } from "./load";
import { LATENCY_COLUMNS, machineLoadNote, ratioVerdict, type Column, type ResultRow } from "./report";
import os from "node:os";
import { postgresAvailable, startPostgres } from "../postgres";
import { startServer, waitForApi, type RunningServer } from "./server";
import type { Suite } from "./suite";
import { v1Client } from "./v1-client";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const ADMIN_KEY = DEMO_KEYS.alnoorAdmin;
const CLASS_SIZE = 30;
const LIST_MIN_RATIO = 0.5;
/** Issue 13: the 30-row attendance PUT against the bare route of the same server. */
const PUT_MIN_RATIO = 0.3;

const BARE: RequestSpec = { path: "/api/health" };
const auth = { Authorization: `Bearer ${ADMIN_KEY}`, Accept: "application/json" };

/** `status`: the one status every response should have (default: any 2xx). */
type Target = { name: string; spec: RequestSpec; minRatio: number | null; status?: number };

const COLUMNS: Column[] = [
  ...LATENCY_COLUMNS,
  { key: "non2xx", label: "non-2xx" },
  { key: "bareRps", label: "bare req/s" },
  { key: "bareP50", label: "bare p50", digits: 1 },
  { key: "ratio", label: "ratio", digits: 2, suffix: "×" },
];

/** Issue 2: list endpoints and the attendance write, each beside the bare route of the same server. */
export const apiSuite: Suite = {
  name: "api",
  summary: "GET /students (page of 50), GET /surahs, PUT attendance (30 rows), each against the bare route",
  async run({ server, load, diag, signal, log }) {
    const seededMs = await waitForApi(server, ADMIN_KEY, signal);
    log(`embedded API answered (demo seeded) after ${(seededMs / 1000).toFixed(1)} s`);

    const api = v1Client(server.origin, ADMIN_KEY, signal);
    const fixture = await attendanceFixture(api, CLASS_SIZE);
    log(
      `attendance fixture: session ${fixture.session.id} of halqa "${fixture.halqa.name}", ${CLASS_SIZE} rows (${fixture.createdStudents} students created)`,
    );
    const page = await api.get<{ data: unknown[] }>("/students", { limit: 50 });
    if (page.data.length !== 50)
      throw new Error(`GET /students?limit=50 returned ${page.data.length} students; the bench needs a full page`);

    const targets: Target[] = [
      {
        name: "GET /api/v1/students?limit=50",
        spec: { path: "/api/v1/students?limit=50", headers: auth },
        minRatio: LIST_MIN_RATIO,
      },
      { name: "GET /api/v1/surahs", spec: { path: "/api/v1/surahs", headers: auth }, minRatio: LIST_MIN_RATIO },
      // The same page read from the database every time (the PGlite read cache bypassed): shown, no target.
      {
        name: "GET /api/v1/students?limit=50 (no-cache)",
        spec: { path: "/api/v1/students?limit=50", headers: { ...auth, "Cache-Control": "no-cache" } },
        minRatio: null,
      },
      putTarget(fixture, "PGlite"),
      ...(diag ? diagnosticTargets() : []),
    ];

    log("warming up");
    await warmUp(server.origin, BARE, load, signal);
    for (const target of targets) {
      const warm = await warmUp(server.origin, target.spec, load, signal);
      const failures = failuresOf(target, warm);
      if (failures > 0)
        log(
          `  warm-up of ${target.name}: ${failures} unexpected responses ${JSON.stringify(warm.statusCodes)}, ${warm.errors} errors`,
        );
    }

    const rows: ResultRow[] = [];
    const raw: Record<string, Comparison> = {};
    const measure = async (on: RunningServer, target: Target) => {
      log(`measuring ${target.name} (bare, target, bare; ${load.durationSeconds} s each)`);
      const result = await compareWithBare(on.origin, target.spec, BARE, load, signal);
      raw[target.name] = result;
      rows.push(rowOf(target, result));
    };
    const loadBefore = os.loadavg();
    for (const target of targets) await measure(server, target);

    // The same PUT with the embedded API on PostgreSQL: a second server of the same build.
    let postgresNote = "PostgreSQL leg skipped: no PostgreSQL binaries (POSTGRES_BIN_DIR)";
    if (postgresAvailable()) {
      const cluster = await startPostgres();
      const onPostgres = await startServer(signal, { env: { SCHOOL_API_DATABASE_URL: cluster.url } });
      try {
        await waitForApi(onPostgres, ADMIN_KEY, signal);
        const pgFixture = await attendanceFixture(v1Client(onPostgres.origin, ADMIN_KEY, signal), CLASS_SIZE);
        const target = putTarget(pgFixture, "PostgreSQL");
        await warmUp(onPostgres.origin, BARE, load, signal);
        await warmUp(onPostgres.origin, target.spec, load, signal);
        await measure(onPostgres, target);
        postgresNote = `PostgreSQL leg: a second next start of the same build with SCHOOL_API_DATABASE_URL on a throwaway PostgreSQL 15 cluster (the dashboard store stays PGlite)`;
      } finally {
        await onPostgres.stop();
        await cluster.stop();
      }
    }

    return {
      suite: "api",
      title: `API bench — ${load.connections} connections, ${load.durationSeconds} s per run (≤ ${load.maxRequests} requests), bare route GET /api/health`,
      columns: COLUMNS,
      rows,
      notes: [
        `ratio = target req/s ÷ mean req/s of the bare route measured just before and just after it on the same server`,
        machineLoadNote(loadBefore),
        `list endpoints must reach ≥ ${LIST_MIN_RATIO}× the bare route (issue 2); the ${CLASS_SIZE}-row attendance PUT ≥ ${PUT_MIN_RATIO}× (issue 13), on PGlite and on PostgreSQL`,
        postgresNote,
        `on PGlite, list pages are cached in process until the next write (school-api/read-cache.ts); the no-cache row reads the database every time`,
      ],
      raw: {
        session_id: fixture.session.id,
        halqa_id: fixture.halqa.id,
        created_students: fixture.createdStudents,
        comparisons: raw,
      },
    };
  },
};

const NEXT_STATUS = { present: "absent", absent: "excused", excused: "present", late: "present" } as const;

/**
 * The attendance PUT of a fixture's session, with the issue-13 target. Two bodies in turn, every
 * row's status different in each, so that every PUT really changes all 30 rows (the embedded API
 * leaves a row that already holds the sent values alone, which would flatter a repeated body).
 */
function putTarget(fixture: AttendanceFixture, store: string): Target {
  const other = {
    rows: fixture.body.rows.map((row) => ({ student_id: row.student_id, status: NEXT_STATUS[row.status] })),
  };
  return {
    name: `PUT /api/v1/sessions/{id}/attendance (${CLASS_SIZE} rows changed, ${store})`,
    spec: {
      path: `/api/v1/sessions/${fixture.session.id}/attendance`,
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify(fixture.body),
      bodies: [JSON.stringify(other), JSON.stringify(fixture.body)],
    },
    minRatio: PUT_MIN_RATIO,
  };
}

function failuresOf(target: Target, measured: Measurement): number {
  if (target.status === undefined) return measured.non2xx + measured.errors;
  return measured.requests - (measured.statusCodes[String(target.status)] ?? 0) + measured.errors;
}

function rowOf(target: Target, { target: measured, bare, ratio }: Comparison): ResultRow {
  return {
    target: target.name,
    values: {
      rps: measured.rps,
      p50: measured.p50Ms,
      p99: measured.p99Ms,
      non2xx: measured.non2xx,
      bareRps: bare.rps,
      bareP50: bare.p50Ms,
      ratio,
    },
    ...ratioVerdict(ratio, target.minRatio, failuresOf(target, measured)),
  };
}

/** `--diag`: the same pipeline with less in it, to split a list's cost into routing, auth, query and payload. */
function diagnosticTargets(): Target[] {
  return [
    {
      name: "(diag) GET /api/v1/school, no key (401: router only)",
      spec: { path: "/api/v1/school" },
      minRatio: null,
      status: 401,
    },
    { name: "(diag) GET /api/v1/school", spec: { path: "/api/v1/school", headers: auth }, minRatio: null },
    {
      name: "(diag) GET /api/v1/students?limit=1",
      spec: { path: "/api/v1/students?limit=1", headers: auth },
      minRatio: null,
    },
    { name: "(diag) GET /api/v1/surahs/1", spec: { path: "/api/v1/surahs/1", headers: auth }, minRatio: null },
  ];
}
