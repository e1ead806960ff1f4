import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Subject } from "@/lib/authz/policy";
import { formOf, guard, signedIn, someone } from "@/tests/support/actions/action-kit";
import { V1Error } from "@/lib/v1";

const state = vi.hoisted(() => ({
  sessions: new Map<string, Record<string, unknown>>(),
  calls: [] as { name: string; args: Record<string, unknown> | undefined }[],
  fail: null as Error | null,
  students: [] as Record<string, unknown>[],
}));

vi.mock("next/navigation", async () => (await import("@/tests/support/actions/next-stand-ins")).nextNavigation);
vi.mock("@/lib/connections", () => ({
  clientFor: () => ({
    tenant: async () => ({ id: "school", time_zone: "Asia/Riyadh" }),
    listAll: async (name: string) => ({ items: name === "listStudents" ? state.students : [] }),
    call: async (name: string, args?: { params?: { id: string }; body?: Record<string, unknown> }) => {
      state.calls.push({ name, args });
      if (name === "getSession") {
        const found = state.sessions.get(args?.params?.id ?? "");
        if (!found) throw new Error("unexpected lookup");
        return found;
      }
      if (state.fail) throw state.fail;
      if (name === "createSession")
        return {
          id: "ses_new",
          status: "open",
          date: "2026-11-27",
          starts_at: "2026-11-27T13:00:00.000Z",
          updated_at: "2026-11-27T13:00:00.000Z",
          ...args?.body,
        };
      return { ...state.sessions.get(args?.params?.id ?? ""), ...args?.body, id: args?.params?.id };
    },
  }),
}));

const { createSession, endSession, submitEndSession, submitStartSession, submitUpdateSession, updateSession } =
  await import("./actions");

const teacherSubject: Subject = {
  role: "teacher",
  sheikhIds: ["s1"],
  halqaIds: new Set(["h1"]),
  studentLineageIds: [],
};
const writes = () => state.calls.filter((c) => c.name !== "getSession");

beforeEach(() => {
  signedIn.actor = someone("teacher");
  guard.subject = teacherSubject;
  state.calls = [];
  guard.audits = [];
  state.fail = null;
  state.sessions = new Map([
    [
      "own",
      {
        id: "own",
        halqa_id: "h1",
        sheikh_id: "s1",
        status: "open",
        date: "2026-11-22",
        starts_at: "2026-11-22T13:00:00.000Z",
        topic: null,
      },
    ],
    [
      "other",
      {
        id: "other",
        halqa_id: "h9",
        sheikh_id: "s9",
        status: "open",
        date: "2026-11-22",
        starts_at: "2026-11-22T13:00:00.000Z",
        topic: null,
      },
    ],
  ]);
});

// A write the API accepted is copied into the progress read model of the dashboard's store; the store
// opens (PostgreSQL's initdb, in memory) on the first such write. Opened here, with its own time, so
// that no test's 5 s is spent on it (it took longer than that on a busy machine).
beforeAll(async () => {
  const { dashboardDb } = await import("@/lib/db");
  await dashboardDb();
}, 120_000);

describe("createSession", () => {
  it("refuses a teacher a halqa they do not teach, or another sheikh, and audits it", async () => {
    expect(await createSession({ halqa_id: "h9", sheikh_id: "s1" })).toMatchObject({ ok: false });
    expect(await createSession({ halqa_id: "h1", sheikh_id: "s2" })).toMatchObject({ ok: false });
    expect(writes()).toEqual([]);
    expect(guard.audits.map((a) => a.result)).toEqual(["denied", "denied"]);
  });

  it("starts a teacher's own session with the form's idempotency key", async () => {
    const result = await createSession({
      halqa_id: "h1",
      sheikh_id: "s1",
      topic: "  Al-Mulk ",
      idempotency_key: "k-1",
    });
    expect(result).toMatchObject({ ok: true, data: { id: "ses_new" } });
    expect(writes()).toEqual([
      {
        name: "createSession",
        args: { body: { halqa_id: "h1", sheikh_id: "s1", topic: "Al-Mulk" }, idempotencyKey: "k-1" },
      },
    ]);
  });

  it("copies the halqa's roster into the read model with the session, kept by each student's own halqa", async () => {
    const student = (id: string, halqa: string) => ({
      id,
      lineage_id: `l-${id}`,
      halqa_id: halqa,
      full_name: id,
      preferred_name: null,
      status: "active",
      enrolled_on: null,
      created_at: "2026-11-27T08:00:00.000Z",
      updated_at: "2026-11-27T08:00:00.000Z",
    });
    // A real school may ignore the halqa filter: the stray student of h9 is not h1's.
    state.students = [student("stu_new_1", "h1"), student("stu_stray", "h9")];
    expect(await createSession({ halqa_id: "h1", sheikh_id: "s1" })).toMatchObject({ ok: true });
    const { dashboardDb } = await import("@/lib/db");
    const { progressStudents } = await import("@/lib/db/schema-progress");
    const { inArray } = await import("drizzle-orm");
    const rows = await (
      await dashboardDb()
    )
      .select({ id: progressStudents.id, halqaId: progressStudents.halqaId })
      .from(progressStudents)
      .where(inArray(progressStudents.id, ["stu_new_1", "stu_stray"]));
    expect(rows).toEqual([{ id: "stu_new_1", halqaId: "h1" }]);
    state.students = [];
  });

  it("refuses a parent whatever the halqa", async () => {
    signedIn.actor = someone("parent");
    guard.subject = { ...teacherSubject, role: "parent" };
    expect(await createSession({ halqa_id: "h1", sheikh_id: "s1" })).toMatchObject({ ok: false });
    expect(writes()).toEqual([]);
  });

  it("puts the API's refusal of the sheikh on the sheikh field, in the reader's language", async () => {
    signedIn.actor = someone("teacher", "ar");
    state.fail = new V1Error({
      code: "validation_failed",
      status: 422,
      message: "x",
      details: { fields: { sheikh_id: "the sheikh does not teach this halqa" } },
    });
    const result = await submitStartSession(null, formOf({ halqa_id: "h1", sheikh_id: "s1" }));
    expect(result?.ok).toBe(false);
    expect(result?.fieldErrors?.sheikh_id).toMatch(/لا يدرّس/);
  });

  it("shows why a school that does not accept writes refused", async () => {
    signedIn.actor = someone("admin");
    guard.subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };
    state.fail = new V1Error({ code: "write_access_disabled", status: 403, message: "x" });
    const result = await submitStartSession(null, formOf({ halqa_id: "h1", sheikh_id: "s1" }));
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/does not accept changes/) });
  });

  it("goes to the new session after starting it", async () => {
    await expect(
      submitStartSession(null, formOf({ halqa_id: "h1", sheikh_id: "s1", topic: "" })),
    ).rejects.toMatchObject({
      url: "/sessions/ses_new/live",
    });
  });
});

describe("updateSession", () => {
  it("loads the session and refuses another teacher's", async () => {
    expect(await updateSession({ id: "other", topic: "x" })).toMatchObject({ ok: false });
    expect(writes()).toEqual([]);
  });

  it("sends only what changed", async () => {
    const result = await submitUpdateSession(
      null,
      formOf({ id: "own", topic: "New topic", sheikh_id: "s1", date: "2026-11-22", starts_at: "16:00" }),
    );
    expect(result).toMatchObject({ ok: true });
    expect(writes()).toEqual([
      { name: "updateSession", args: { params: { id: "own" }, body: { topic: "New topic" } } },
    ]);
  });

  it("leaves the topic alone when a caller does not give one", async () => {
    expect(await updateSession({ id: "own", starts_at: "16:30" })).toMatchObject({ ok: true });
    expect(writes()).toEqual([
      { name: "updateSession", args: { params: { id: "own" }, body: { starts_at: "2026-11-22T13:30:00.000Z" } } },
    ]);
  });

  it("says the session has ended on a conflict", async () => {
    state.fail = new V1Error({ code: "conflict", status: 409, message: "x" });
    const result = await submitUpdateSession(null, formOf({ id: "own", topic: "New topic" }));
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/already ended/) });
  });
});

describe("endSession", () => {
  it("needs the confirmation", async () => {
    const result = await submitEndSession(null, formOf({ id: "own" }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { confirm: expect.stringMatching(/Tick the box/) } });
    expect(writes()).toEqual([]);
  });

  it("refuses another teacher's session", async () => {
    expect(await endSession({ id: "other", confirm: "yes" })).toMatchObject({ ok: false });
    expect(writes()).toEqual([]);
  });

  it("ends one's own session and shows its summary", async () => {
    await expect(submitEndSession(null, formOf({ id: "own", confirm: "yes" }))).rejects.toMatchObject({
      url: "/sessions/own?ended=1",
    });
    expect(writes()).toEqual([{ name: "endSession", args: { params: { id: "own" } } }]);
  });
});
