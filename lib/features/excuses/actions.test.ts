/**
 * The excuse request action over real HTTP: the embedded School API in-process with fresh demo data,
 * the dashboard store in memory, only the signed-in person mocked. What a parent may not do is refused
 * before anything is stored, and each refusal says why in the parent's language.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Student } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import type { EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import { DEMO_KEYS } from "@/school-api/seed-facts";

const state = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/lib/auth/session", () => ({ currentActor: async () => state.actor }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.setConfig({ testTimeout: 30_000 });

let school: EmbeddedSchool;
let mine: Student;
let theirs: Student;
let today: string;

beforeAll(async () => {
  delete process.env.SCHOOL_API_URL;
  delete process.env.SCHOOL_CONNECTIONS_FILE;
  process.env.DASHBOARD_DATA_DIR = "memory://";
  const { startEmbeddedSchool } = await import("@/tests/support/school-api/embedded-school");
  const { dateIn } = await import("@/lib/dates");
  school = await startEmbeddedSchool();
  await (await import("@/lib/db")).dashboardDb();
  // The dashboard reaches its embedded school on this process's port.
  process.env.PORT = new URL(school.url).port;
  const admin = school.client(DEMO_KEYS.alnoorAdmin);
  const students = (await admin.listAll("listStudents", { query: { status: "active" } })).items.filter(
    (s) => s.status === "active",
  );
  [mine, theirs] = [students[0]!, students.find((s) => s.lineage_id !== students[0]!.lineage_id)!];
  today = dateIn((await admin.tenant()).time_zone);
}, 120_000);

afterAll(async () => school?.close());
afterEach(() => {
  state.actor = null;
});

const { requestExcuseAction } = await import("./actions");
const stored = async () => {
  const { excuseRequests } = await import("@/lib/db/schema");
  return (await (await import("@/lib/db")).dashboardDb()).select().from(excuseRequests);
};
const parent = (locale: "en" | "ar" = "en", links = [mine.lineage_id]): Actor => ({
  id: `usr_parent_${locale}`,
  email: "p@test",
  name: "Parent",
  role: "parent",
  connectionId: "alnoor",
  locale,
  sheikhIds: [],
  studentLineageIds: links,
});
const ask = (lineageId: string, day: string, reason = "We are travelling") =>
  requestExcuseAction({ lineageId, day, reason });

describe("requestExcuseAction", () => {
  it("refuses another family's child as not found, and stores nothing", async () => {
    state.actor = parent();
    const before = (await stored()).length;
    const answer = await ask(theirs.lineage_id, today);
    expect(answer).toMatchObject({
      ok: false,
      code: "not_found",
      message: "This record no longer exists, or it is not yours to see.",
    });
    expect((await stored()).length).toBe(before);
  });

  it("refuses a child unlinked since, a signed-out or disabled parent, and staff", async () => {
    state.actor = parent("en", []);
    expect(await ask(mine.lineage_id, today)).toMatchObject({ ok: false, code: "not_found" });
    state.actor = null; // a disabled parent's session loads no actor
    expect(await ask(mine.lineage_id, today)).toMatchObject({ ok: false, code: "signed_out" });
    state.actor = { ...parent(), role: "admin", studentLineageIds: [] };
    expect(await ask(mine.lineage_id, today)).toMatchObject({ ok: false, code: "not_allowed" });
  });

  it("says on its field, in the parent's language, why a date or a reason is refused", async () => {
    state.actor = parent("ar");
    expect(await ask(mine.lineage_id, addDays(today, -1))).toMatchObject({
      ok: false,
      fieldErrors: { day: "excuses.validation.past" },
      message: "بعض الحقول تحتاج إلى مراجعة.",
    });
    expect(await ask(mine.lineage_id, addDays(today, 31))).toMatchObject({
      ok: false,
      fieldErrors: { day: "excuses.validation.tooFar" },
    });
    expect(await ask(mine.lineage_id, today, " ")).toMatchObject({
      ok: false,
      fieldErrors: { reason: "excuses.validation.reasonEmpty" },
    });
    expect(await ask(mine.lineage_id, today, "ب".repeat(301))).toMatchObject({
      ok: false,
      fieldErrors: { reason: "excuses.validation.reasonLong" },
    });
    expect(await stored()).toHaveLength(0);
  });

  it("keeps today's and a day 30 days ahead, then refuses the eleventh of the day", async () => {
    state.actor = parent();
    expect(await ask(mine.lineage_id, today)).toMatchObject({ ok: true, data: { day: today } });
    expect(await ask(mine.lineage_id, addDays(today, 30), "<script>alert(1)</script>")).toMatchObject({ ok: true });
    for (let i = 2; i < 10; i++) expect((await ask(mine.lineage_id, today)).ok).toBe(true);
    expect(await ask(mine.lineage_id, today)).toMatchObject({
      ok: false,
      fieldErrors: { form: "excuses.validation.tooMany" },
    });
    const rows = await stored();
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.reason)).toContain("<script>alert(1)</script>");
    expect(rows.every((r) => r.parentUserId === "usr_parent_en" && r.lineageId === mine.lineage_id)).toBe(true);
    // The audit log names the action and the request, never the parent's text.
    const { listAudit } = await import("@/lib/audit");
    const log = await listAudit("alnoor", { limit: 100 });
    expect(log.some((entry) => entry.action === "excuse.request" && entry.result === "ok")).toBe(true);
    expect(JSON.stringify(log)).not.toContain("alert(1)");
    expect(JSON.stringify(log)).not.toContain("travelling");
  });
});
