/**
 * The user actions' own rules, against the dashboard's store and the embedded School API: hashed
 * passwords, unique emails, links by API ids, no self-lockout, no school without an admin, and a
 * disabled person losing access on their next request.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ actor: null as Actor | null, sessionUserId: null as string | null }));
// The real lib/auth/session runs over a stand-in next-auth: it is what turns a disabled user away.
// Each call is a session made just now, so it carries the user's current session version.
vi.mock("@/lib/auth/auth", () => ({
  auth: async () => {
    if (!state.sessionUserId) return null;
    const { sessionVersionOf } = await import("@/lib/auth/actor");
    return { user: { id: state.sessionUserId }, sessionVersion: await sessionVersionOf(state.sessionUserId) };
  },
}));
vi.mock("next/navigation", async () => (await import("@/tests/support/actions/next-stand-ins")).nextNavigation);

import { listAudit } from "@/lib/audit";
import { verifyPassword } from "@/lib/auth/password";
import { currentActor } from "@/lib/auth/session";
import { loadActor } from "@/lib/auth/actor";
import { dashboardDb } from "@/lib/db";
import { users } from "@/lib/db/schema";
import {
  createUser,
  linkParentStudent,
  linkTeacherSheikh,
  setUserDisabled,
  setUserRole,
  unlinkUser,
} from "@/lib/features/admin/actions";
import { translator } from "@/lib/i18n/core";
import { type Actor, connectEmbeddedSchool, DEMO_KEYS, demoActors, schoolApi } from "./harness";
import { userState } from "./users-db";

const t = translator("en");
let admin: Actor;
let api: ReturnType<typeof schoolApi>;

/** Runs an action as `actor`: the signed-in person is whoever next-auth's session names. */
async function as<T>(actor: Actor, run: () => Promise<T>): Promise<T> {
  state.sessionUserId = actor.id;
  try {
    return await run();
  } finally {
    state.sessionUserId = null;
  }
}

async function newUser(
  role: "admin" | "teacher" | "parent",
  email = `${role}-${Math.random().toString(36).slice(2, 10)}@example.org`,
) {
  const result = await as(admin, () =>
    createUser({ email, name: `New ${role}`, role, password: "a long initial password" }),
  );
  if (!result.ok) throw new Error(`could not create a user: ${JSON.stringify(result)}`);
  return result.data.id;
}

beforeAll(async () => {
  const url = connectEmbeddedSchool();
  ({ admin } = await demoActors());
  api = schoolApi(url, DEMO_KEYS.alnoorAdmin);
});

describe("creating users", () => {
  it("stores a scrypt hash, never the password, and a lowercase email; audits the creation", async () => {
    const result = await as(admin, () =>
      createUser({
        email: "  New.Teacher@Example.org ",
        name: "New Teacher",
        role: "teacher",
        password: "correct horse battery",
      }),
    );
    expect(result).toEqual({ ok: true, data: { id: expect.any(String), email: "new.teacher@example.org" } });
    const id = result.ok ? result.data.id : "";
    const db = await dashboardDb();
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: "new.teacher@example.org", connectionId: "alnoor", role: "teacher" });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", row?.passwordHash ?? "")).toBe(true);
    const [audit] = await listAudit("alnoor", { limit: 1 });
    expect(audit).toMatchObject({
      action: "user.create",
      result: "ok",
      targetType: "user",
      targetId: id,
      userId: admin.id,
    });
    expect(JSON.stringify(audit)).not.toContain("correct horse");
  });

  it("puts a taken email (any case) on the email field and creates nothing", async () => {
    const db = await dashboardDb();
    const before = (await db.select({ id: users.id }).from(users)).length;
    const result = await as(admin, () =>
      createUser({ email: "ADMIN@alnoor.demo", name: "Copy", role: "admin", password: "a long initial password" }),
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { email: "admin.users.emailTaken" } });
    expect((await db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it("refuses a short password or a bad email with message keys the form translates", async () => {
    const result = await as(admin, () =>
      createUser({ email: "not-an-email", name: "", role: "owner", password: "short" }),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        email: "admin.validation.email",
        name: "admin.validation.name",
        role: "admin.validation.role",
        password: "admin.validation.passwordLength",
      },
    });
  });

  it("accepts a form submission as useActionState sends it", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      email: "form@example.org",
      name: "Form User",
      role: "parent",
      locale: "ar",
      password: "0123456789",
    }))
      form.set(name, value);
    const result = await as(admin, () => createUser(null, form));
    expect(result.ok).toBe(true);
    expect(await loadActor(result.ok ? result.data.id : "")).toMatchObject({ role: "parent", locale: "ar" });
  });
});

describe("disabling", () => {
  it("ends access on the next request, and enabling restores it", async () => {
    const id = await newUser("teacher");
    state.sessionUserId = id;
    expect((await currentActor())?.id).toBe(id);
    state.sessionUserId = null;

    expect(await as(admin, () => setUserDisabled({ userId: id, disabled: "true" }))).toMatchObject({ ok: true });
    expect(await loadActor(id)).toBeNull();
    state.sessionUserId = id;
    expect(await currentActor()).toBeNull();
    state.sessionUserId = null;

    expect(await as(admin, () => setUserDisabled({ userId: id, disabled: false }))).toMatchObject({ ok: true });
    expect((await loadActor(id))?.id).toBe(id);
  });

  it("never lets an admin disable themselves", async () => {
    const result = await as(admin, () => setUserDisabled({ userId: admin.id, disabled: true }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { disabled: "admin.users.refusals.selfDisable" } });
    expect(await loadActor(admin.id)).not.toBeNull();
  });

  it("turns away a disabled admin's own actions", async () => {
    const otherAdmin = await newUser("admin");
    await as(admin, () => setUserDisabled({ userId: otherAdmin, disabled: true }));
    const result = await as({ ...admin, id: otherAdmin }, () =>
      createUser({ email: "ghost@example.org", name: "Ghost", role: "admin", password: "a long initial password" }),
    );
    expect(result).toEqual({
      ok: false,
      code: "signed_out",
      message: t("errors.signedOut"),
      retryable: false,
      blocked: false,
    });
  });
});

describe("roles", () => {
  it("keeps the school with at least one enabled administrator", async () => {
    const second = await newUser("admin");
    expect(await as(admin, () => setUserRole({ userId: second, role: "teacher" }))).toMatchObject({ ok: true });
    // Now the demo admin is the only enabled admin of Al-Noor.
    const result = await as(admin, () => setUserRole({ userId: admin.id, role: "parent" }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { role: "admin.users.refusals.lastAdmin" } });
    expect((await loadActor(admin.id))?.role).toBe("admin");
  });

  it("drops links that no longer apply when the role changes", async () => {
    const id = await newUser("teacher");
    const [sheikh] = await api.all<{ id: string; name: string }>("/sheikhs");
    await as(admin, () => linkTeacherSheikh({ userId: id, sheikhId: sheikh!.id }));
    expect((await loadActor(id))?.sheikhIds).toEqual([sheikh!.id]);
    await as(admin, () => setUserRole({ userId: id, role: "parent" }));
    expect(await loadActor(id)).toMatchObject({ role: "parent", sheikhIds: [], studentLineageIds: [] });
  });
});

describe("links by ids from the school's API", () => {
  it("links a teacher to one sheikh at a time, labelled with the sheikh's name", async () => {
    const id = await newUser("teacher");
    const [first, second] = await api.all<{ id: string; name: string }>("/sheikhs");
    await as(admin, () => linkTeacherSheikh({ userId: id, sheikhId: first!.id }));
    await as(admin, () => linkTeacherSheikh({ userId: id, sheikhId: second!.id }));
    expect((await userState(id)).links).toEqual([{ kind: "sheikh", refId: second!.id }]);
    expect(await as(admin, () => unlinkUser({ userId: id, kind: "sheikh", refId: second!.id }))).toMatchObject({
      ok: true,
    });
    expect((await userState(id)).links).toEqual([]);
  });

  it("links a parent to a student's lineage, not to the semester record", async () => {
    const id = await newUser("parent");
    const [semester] = await api.all<{ id: string }>("/semesters?status=active");
    const [student] = await api.all<{ id: string; lineage_id: string }>(`/students?semester_id=${semester!.id}`);
    const result = await as(admin, () => linkParentStudent({ userId: id, studentId: student!.id }));
    expect(result).toMatchObject({ ok: true, data: { lineageId: student!.lineage_id } });
    expect((await loadActor(id))?.studentLineageIds).toEqual([student!.lineage_id]);
  });

  it("refuses to link a sheikh to a parent or students to a teacher", async () => {
    const parent = await newUser("parent");
    const [sheikh] = await api.all<{ id: string }>("/sheikhs");
    expect(await as(admin, () => linkTeacherSheikh({ userId: parent, sheikhId: sheikh!.id }))).toMatchObject({
      ok: false,
      fieldErrors: { sheikhId: "admin.users.refusals.notTeacher" },
    });
    expect((await userState(parent)).links).toEqual([]);
  });

  it("reads an unknown sheikh id as not found and stores nothing", async () => {
    const id = await newUser("teacher");
    const result = await as(admin, () => linkTeacherSheikh({ userId: id, sheikhId: "shk_does_not_exist" }));
    expect(result).toEqual({
      ok: false,
      code: "not_found",
      message: t("errors.notFound"),
      retryable: false,
      blocked: false,
    });
    expect((await userState(id)).links).toEqual([]);
  });
});
