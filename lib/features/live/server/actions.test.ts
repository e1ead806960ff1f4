/**
 * The live write path and read model over real HTTP: the embedded School API runs in-process on
 * 127.0.0.1 with fresh demo data, the dashboard's connection "alnoor" reaches it through PORT, the
 * dashboard store is in memory, and only the signed-in person is mocked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { signedIn } from "@/tests/support/auth/signed-in";
import type { Session, Student } from "@/lib/contract";
import { translator } from "@/lib/i18n/core";
import type { V1Client } from "@/lib/v1";
import { recitationDraft } from "@/tests/support/features/live/fake-school";
import { startLiveWorld } from "@/tests/support/features/live/live-world";
import type { LiveSnapshot, RecordRecitationInput } from "../types";
import { DEMO_KEYS } from "@/school-api/seed-facts";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).strictSession);

vi.setConfig({ testTimeout: 30_000 });

let server: { url: string };
let close = async () => {};
let admin: V1Client;
let mine: Session;
let other: Session;
let students: Student[];
let ineligible: Student | undefined;

let teacher: Actor;
const adminActor: Actor = {
  id: "usr_admin",
  email: "admin@test",
  name: "Admin",
  role: "admin",
  connectionId: "alnoor",
  locale: "en",
  sheikhIds: [],
  studentLineageIds: [],
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
const realFetch = globalThis.fetch;
let failWrites = false;

beforeAll(async () => {
  let roster: Student[];
  ({ server, admin, teacher, mine, other, roster, close } = await startLiveWorld("live test"));
  students = roster.filter((s) => s.status === "active");
  ineligible = roster.find((s) => s.status !== "active");
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    calls.push({
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    });
    if (failWrites && method !== "GET") throw new TypeError("fetch failed");
    return realFetch(input, init);
  });
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await close();
});

afterEach(() => {
  calls = [];
  failWrites = false;
  signedIn.actor = null;
});

const { saveMarks, recordRecitation } = await import("./actions");
const { GET } = await import("@/app/api/live/sessions/[id]/route");

const writes = () => calls.filter((c) => c.method !== "GET");
/** The active students of the halqa that is not the teacher's (read with the admin's key). */
const otherHalqaStudents = async () =>
  (await admin.listAll("listStudents", { query: { halqa_id: other.halqa_id, status: "active" } })).items;
const attendanceOf = async (sessionId: string) =>
  (await admin.listAll("listAttendance", { params: { id: sessionId } })).items;

describe("saveMarks", () => {
  it("sends ONE PUT with only the supplied students and answers the stored rows", async () => {
    signedIn.actor = teacher;
    const [a, b, c] = students;
    const first = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-1",
      marks: [
        { student_id: a!.id, status: "present", clientVersion: 1 },
        { student_id: b!.id, status: "late", late_minutes: 5, note: "bus", clientVersion: 2 },
      ],
    });
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    expect(first.data.rows.map((r) => [r.student_id, r.status, r.late_minutes, r.note])).toEqual([
      [a!.id, "present", null, null],
      [b!.id, "late", 5, "bus"],
    ]);
    expect(writes()).toEqual([
      {
        method: "PUT",
        path: `/api/v1/sessions/${mine.id}/attendance`,
        body: {
          rows: [
            { student_id: a!.id, status: "present" },
            { student_id: b!.id, status: "late", late_minutes: 5, note: "bus" },
          ],
        },
      },
    ]);

    calls = [];
    const second = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-1",
      marks: [{ student_id: b!.id, status: "absent", clientVersion: 3 }],
    });
    expect(second.ok).toBe(true);
    expect(writes()).toHaveLength(1);
    expect((writes()[0]!.body as { rows: unknown[] }).rows).toEqual([{ student_id: b!.id, status: "absent" }]);
    const stored = new Map((await attendanceOf(mine.id)).map((r) => [r.student_id, r]));
    expect(stored.get(a!.id)).toMatchObject({ status: "present" }); // untouched
    expect(stored.get(b!.id)).toMatchObject({ status: "absent", late_minutes: null, note: null });
    expect(stored.has(c!.id)).toBe(false);
  });

  it("skips rows this device already superseded (a late, older batch) without a PUT", async () => {
    signedIn.actor = teacher;
    const s = students[3]!;
    expect(
      (
        await saveMarks({
          sessionId: mine.id,
          deviceId: "dev-2",
          marks: [{ student_id: s.id, status: "excused", clientVersion: 100 }],
        })
      ).ok,
    ).toBe(true);
    calls = [];
    const late = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-2",
      marks: [{ student_id: s.id, status: "present", clientVersion: 99 }],
    });
    expect(late).toEqual({ ok: true, data: { session_id: mine.id, rows: [], stale: [s.id] } });
    expect(writes()).toHaveLength(0);
    expect((await attendanceOf(mine.id)).find((r) => r.student_id === s.id)?.status).toBe("excused");
    // The same device id in someone else's writes is another device: not blocked.
    signedIn.actor = adminActor;
    expect(
      (
        await saveMarks({
          sessionId: mine.id,
          deviceId: "dev-2",
          marks: [{ student_id: s.id, status: "late", clientVersion: 1 }],
        })
      ).ok,
    ).toBe(true);
    signedIn.actor = teacher;
    // Another device is ordered by arrival, not by its counter.
    const otherDevice = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-3",
      marks: [{ student_id: s.id, status: "absent", clientVersion: 1 }],
    });
    expect(otherDevice.ok && otherDevice.data.rows[0]?.status).toBe("absent");
  });

  it("refuses a teacher on another halqa's session, before any write", async () => {
    signedIn.actor = teacher;
    const roster = await otherHalqaStudents();
    calls = [];
    const result = await saveMarks({
      sessionId: other.id,
      deviceId: "dev-1",
      marks: [{ student_id: roster[0]!.id, status: "present", clientVersion: 1 }],
    });
    expect(result).toEqual({
      ok: false,
      code: "not_allowed",
      message: "You are not allowed to do this.",
      retryable: false,
      blocked: false,
    });
    expect(writes()).toHaveLength(0);
    expect(await attendanceOf(other.id)).toEqual([]);
    const { listAudit } = await import("@/lib/audit");
    const log = await listAudit("alnoor", { limit: 20 });
    expect(log.find((e) => e.action === "attendance.save" && e.targetId === other.id)).toMatchObject({
      result: "denied",
      userId: teacher.id,
    });

    signedIn.actor = adminActor;
    expect(
      (
        await saveMarks({
          sessionId: other.id,
          deviceId: "dev-a",
          marks: [{ student_id: roster[0]!.id, status: "present", clientVersion: 1 }],
        })
      ).ok,
    ).toBe(true);
  });

  it("answers a session that does not exist like a forbidden one", async () => {
    signedIn.actor = teacher;
    const result = await saveMarks({
      sessionId: "ses_doesnotexist",
      deviceId: "dev-1",
      marks: [{ student_id: students[0]!.id, status: "present", clientVersion: 1 }],
    });
    expect(result).toMatchObject({ ok: false, retryable: false });
  });

  it("returns the API's 422 per row as permanent, writing nothing of the batch", async () => {
    expect(ineligible).toBeDefined();
    signedIn.actor = teacher;
    const result = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-4",
      marks: [
        { student_id: students[4]!.id, status: "present", clientVersion: 1 },
        { student_id: ineligible!.id, status: "present", clientVersion: 2 },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result).toMatchObject({ code: "validation_failed", retryable: false, blocked: false });
    // Keyed by the student at fault, as the catalogue key of the teacher's words; never by a batch index.
    expect(result.fieldErrors).toEqual({ [ineligible!.id]: "errors.markNotEligible" });
    expect(translator("en")("errors.markNotEligible")).toBe(
      "Not saved: this student is not eligible for this session (not active in its halqa).",
    );
    expect((await attendanceOf(mine.id)).some((r) => r.student_id === students[4]!.id)).toBe(false);
  });

  it("names the student at fault even when a superseded row was dropped before the PUT (indexes shift)", async () => {
    signedIn.actor = teacher;
    const deviceId = "dev-shift";
    expect(
      (
        await saveMarks({
          sessionId: mine.id,
          deviceId,
          marks: [{ student_id: students[6]!.id, status: "absent", clientVersion: 5 }],
        })
      ).ok,
    ).toBe(true);
    calls = [];
    const result = await saveMarks({
      sessionId: mine.id,
      deviceId,
      marks: [
        { student_id: students[6]!.id, status: "present", clientVersion: 3 }, // older than 5: dropped
        { student_id: ineligible!.id, status: "present", clientVersion: 6 },
      ],
    });
    expect(writes()).toHaveLength(1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors ?? {})).toEqual([ineligible!.id]);
  });

  it("flags network failures as retryable", async () => {
    signedIn.actor = teacher;
    failWrites = true;
    const result = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-5",
      marks: [{ student_id: students[5]!.id, status: "present", clientVersion: 1 }],
    });
    expect(result).toMatchObject({ ok: false, retryable: true });
  });

  it("refuses bad input and signed-out callers as permanent", async () => {
    signedIn.actor = teacher;
    const bad = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-1",
      marks: [{ student_id: students[0]!.id, status: "present", late_minutes: 5, clientVersion: 1 }],
    });
    expect(bad).toMatchObject({
      ok: false,
      retryable: false,
      fieldErrors: { "marks.0.late_minutes": expect.any(String) },
    });
    signedIn.actor = null;
    expect(
      await saveMarks({
        sessionId: mine.id,
        deviceId: "dev-1",
        marks: [{ student_id: students[0]!.id, status: "present", clientVersion: 1 }],
      }),
    ).toMatchObject({ ok: false, retryable: false });
    expect(writes()).toHaveLength(0);
  });
});

const input = (over: Partial<RecordRecitationInput> = {}): RecordRecitationInput => ({
  sessionId: mine.id,
  clientId: "5d8f3f0e-8a1e-4c1b-9d5e-0a4c6f2b7e11",
  ...recitationDraft(students[0]!.id),
  recorded_at: "2026-01-01T08:30:00.000Z",
  ...over,
});

describe("recordRecitation", () => {
  it("creates a recitation once, however often it is sent with the same clientId", async () => {
    signedIn.actor = teacher;
    const scale = (await admin.tenant()).rating_scale;
    const rating = scale.at(-1)!.value;
    const first = await recordRecitation(input({ rating }));
    expect(first).toMatchObject({ ok: true, data: { replayed: false } });
    const again = await recordRecitation(input({ rating }));
    const checked = await recordRecitation(input({ rating, maybeSent: true }));
    expect(again).toMatchObject({ ok: true });
    expect(checked).toMatchObject({ ok: true, data: { replayed: true } });
    if (!first.ok || !again.ok || !checked.ok) return;
    expect(again.data.recitation.id).toBe(first.data.recitation.id);
    expect(checked.data.recitation.id).toBe(first.data.recitation.id);
    const posts = writes().filter((c) => c.method === "POST");
    expect(posts).toHaveLength(2); // the third found it by the list check, without a POST
    const { items } = await admin.listAll("listSessionRecitations", {
      params: { id: mine.id },
      query: { student_id: students[0]!.id },
    });
    expect(items.filter((r) => r.range.start.surah === 78)).toHaveLength(1);
    expect(first.data.recitation.recorded_at).toBe("2026-01-01T08:30:00.000Z");
  });

  it("keeps a refused recitation permanent with the API's field errors", async () => {
    signedIn.actor = teacher;
    const result = await recordRecitation(input({ clientId: "0f3a1c2e-1111-4abc-8def-123456789abc", rating: 987 }));
    expect(result).toMatchObject({ ok: false, retryable: false, fieldErrors: { rating: expect.any(String) } });
  });

  it("refuses a teacher on another halqa's session", async () => {
    signedIn.actor = teacher;
    const roster = await otherHalqaStudents();
    calls = [];
    const result = await recordRecitation(
      input({ sessionId: other.id, student_id: roster[0]!.id, clientId: "9a1e1c2e-2222-4abc-8def-123456789abc" }),
    );
    expect(result).toMatchObject({ ok: false, retryable: false, message: "You are not allowed to do this." });
    expect(writes()).toHaveLength(0);
  });
});

describe("GET /api/live/sessions/{id}", () => {
  const get = (id: string) =>
    GET(new Request(`http://localhost/api/live/sessions/${id}`), { params: Promise.resolve({ id }) });

  it("answers the session, its eligible roster, saved attendance and recitations, uncached, in 4 v1 calls", async () => {
    signedIn.actor = teacher;
    await get(mine.id); // warms GET /school (once per process)
    calls = [];
    const response = await get(mine.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as LiveSnapshot;
    expect(body.session.id).toBe(mine.id);
    expect(body.tenantId).toBe((await admin.tenant()).id);
    expect(body.roster.map((s) => s.id).sort()).toEqual(students.map((s) => s.id).sort());
    expect(body.roster.every((s) => s.status === "active")).toBe(true);
    if (ineligible) expect(body.ineligible.map((s) => s.id)).toContain(ineligible.id);
    expect(body.attendance.map((r) => r.student_id)).toContain(students[0]!.id);
    expect(body.recitations.length).toBeGreaterThan(0);
    expect(body.can).toEqual({ markAttendance: true, recordRecitation: true, endSession: true });
    const paths = calls.map((c) => c.path.replace(/\?.*$/, ""));
    const budget = paths.filter((p) => !p.startsWith("/api/v1/sheikhs/"));
    expect(budget.sort()).toEqual(
      [
        `/api/v1/sessions/${mine.id}`,
        "/api/v1/students",
        `/api/v1/sessions/${mine.id}/attendance`,
        `/api/v1/sessions/${mine.id}/recitations`,
      ].sort(),
    );
    expect(paths.length - budget.length).toBe(teacher.sheikhIds.length); // the teacher's policy view
  });

  it("carries the parents' excuse requests for the session's day and its students, as text, seen once a teacher polled it", async () => {
    const { createExcuse, parentExcuses } = await import("@/lib/features/excuses/store");
    const db = await (await import("@/lib/db")).dashboardDb();
    const tenantId = (await admin.tenant()).id;
    const child = students[1]!;
    const parent = {
      id: "usr_parent_excuse",
      connectionId: "alnoor",
      role: "parent" as const,
      studentLineageIds: [child.lineage_id],
    };
    const ask = (day: string, reason: string) =>
      createExcuse(db, parent, tenantId, {
        lineageId: child.lineage_id,
        childName: "Kid",
        day,
        reason,
        today: mine.date,
      });
    await ask(mine.date, "<img src=x onerror=alert(1)> travelling");
    await ask("2099-01-01", "another day");
    expect((await parentExcuses(db, parent, tenantId, mine.date)).map((r) => r.seen)).toEqual([false, false]);
    signedIn.actor = teacher;
    const body = (await (await get(mine.id)).json()) as LiveSnapshot;
    expect(body.excuses).toEqual([{ lineageId: child.lineage_id, reason: "<img src=x onerror=alert(1)> travelling" }]);
    const after = await parentExcuses(db, parent, tenantId, mine.date);
    expect(Object.fromEntries(after.map((r) => [r.day, r.seen]))).toEqual({ [mine.date]: true, "2099-01-01": false });
  });

  it("answers 404 for another halqa's session and for one that does not exist, 401 when signed out", async () => {
    signedIn.actor = teacher;
    expect((await get(other.id)).status).toBe(404);
    expect((await get("ses_doesnotexist")).status).toBe(404);
    signedIn.actor = { ...teacher, role: "parent", sheikhIds: [] };
    expect((await get(mine.id)).status).toBe(404);
    signedIn.actor = adminActor;
    expect((await get(other.id)).status).toBe(200);
    signedIn.actor = null;
    const signedOut = await get(mine.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });
});

/**
 * The Next.js server holds one copy of lib/v1 per bundle layer, and clients are cached on
 * globalThis by whichever layer asked first (the plan-sync scheduler, a route handler, a page).
 * Failures thrown by another copy's classes must still be refusals, never crashes.
 */
describe("a client made by another copy of lib/v1 (another bundle layer)", () => {
  const clients = globalThis as typeof globalThis & { __v1Clients?: Map<string, V1Client> };
  let original: Map<string, V1Client> | undefined;

  beforeAll(async () => {
    original = clients.__v1Clients;
    vi.resetModules();
    const other = await import("@/lib/v1/client");
    const url = server.url;
    clients.__v1Clients = new Map([
      ["alnoor", other.createV1Client({ baseUrl: url, apiKey: DEMO_KEYS.alnoorAdmin })],
      ["arqam", other.createV1Client({ baseUrl: url, apiKey: DEMO_KEYS.arqamAdmin })],
    ]);
  });
  afterAll(() => {
    clients.__v1Clients = original;
  });

  it("answers a 422 of an ineligible student as a refusal naming the student", async () => {
    signedIn.actor = adminActor;
    const result = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-layer",
      marks: [{ student_id: ineligible!.id, status: "present", clientVersion: 1 }],
    });
    expect(result).toMatchObject({ ok: false, code: "validation_failed", retryable: false, blocked: false });
    if (!result.ok) expect(Object.keys(result.fieldErrors ?? {})).toEqual([ineligible!.id]);
  });

  it("answers a bad rating as a refusal", async () => {
    signedIn.actor = adminActor;
    const result = await recordRecitation(input({ clientId: "5b8e1c2e-3333-4abc-8def-123456789abc", rating: 987 }));
    expect(result).toMatchObject({ ok: false, code: "validation_failed", retryable: false });
  });

  it("turns a school that refuses writes into a blocked refusal in the reader's language", async () => {
    const arqam = clients.__v1Clients!.get("arqam")!;
    const { items } = await arqam.listAll("listSessions", { query: { status: "open" } });
    const session = items.find((s) => s.status === "open");
    expect(session).toBeDefined();
    const { items: roster } = await arqam.listAll("listStudents", { query: { halqa_id: session!.halqa_id } });
    const student = roster.find((s) => s.halqa_id === session!.halqa_id && s.status === "active")!;
    signedIn.actor = { ...adminActor, id: "usr_arqam", connectionId: "arqam", locale: "ar" };
    const result = await saveMarks({
      sessionId: session!.id,
      deviceId: "dev-arqam",
      marks: [{ student_id: student.id, status: "present", clientVersion: 1 }],
    });
    expect(result).toMatchObject({ ok: false, code: "write_access_disabled", retryable: false, blocked: true });
    if (!result.ok) expect(result.message).toMatch(/[\u0600-\u06ff]/);
  });

  it("answers a session that does not exist with 404 from the live route", async () => {
    signedIn.actor = adminActor;
    const response = await GET(new Request("http://localhost/api/live/sessions/ses_missing"), {
      params: Promise.resolve({ id: "ses_missing" }),
    });
    expect(response.status).toBe(404);
  });
});

describe("the progress read model follows the dashboard's own writes", () => {
  it("a saved mark and a recorded recitation are in the read model at once, as the API answered them", async () => {
    const { halqaHistory } = await import("@/lib/features/progress/read-model");
    signedIn.actor = adminActor;
    const student = students[3]!;
    const saved = await saveMarks({
      sessionId: mine.id,
      deviceId: "dev-progress",
      marks: [{ student_id: student.id, status: "late", late_minutes: 4, clientVersion: 1 }],
    });
    expect(saved.ok).toBe(true);
    const heard = await recordRecitation(
      input({ clientId: "7c2e1c2e-4444-4abc-8def-123456789abc", student_id: student.id }),
    );
    expect(heard.ok).toBe(true);
    if (!heard.ok) return;
    const scope = { connectionId: "alnoor", tenantId: (await admin.tenant()).id };
    const history = await halqaHistory(scope, mine.halqa_id, { from: mine.date, to: mine.date });
    expect(history.sessions.map((s) => s.id)).toContain(mine.id);
    const { items: rows } = await admin.listAll("listAttendance", { params: { id: mine.id } });
    expect(history.attendance.find((r) => r.student_id === student.id)).toEqual(
      rows.find((r) => r.student_id === student.id),
    );
    expect(history.recitations.find((r) => r.id === heard.data.recitation.id)).toEqual(heard.data.recitation);
  });
});
