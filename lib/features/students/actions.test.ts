import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Subject } from "@/lib/authz/policy";
import { formOf, guard, signedIn, someone } from "@/tests/support/actions/action-kit";
import { V1Error } from "@/lib/v1";

const state = vi.hoisted(() => ({
  students: new Map<string, Record<string, unknown>>(),
  calls: [] as { name: string; args: Record<string, unknown> | undefined }[],
  fail: null as Error | null,
}));

vi.mock("@/lib/connections", () => ({
  clientFor: () => ({
    call: async (
      name: string,
      args?: { params?: { id: string }; body?: Record<string, unknown>; idempotencyKey?: string },
    ) => {
      state.calls.push({ name, args });
      if (name === "getStudent") {
        const found = state.students.get(args?.params?.id ?? "");
        if (!found) throw new V1Error({ code: "not_found", status: 404, message: "Student not found" });
        return found;
      }
      if (state.fail) throw state.fail;
      if (name === "createStudent") return { id: "stu_new", halqa_id: args?.body?.halqa_id, ...args?.body };
      return { ...state.students.get(args?.params?.id ?? ""), ...args?.body, id: args?.params?.id };
    },
  }),
}));

const { createStudent, updateStudent } = await import("./actions");

const subjects: Record<"admin" | "teacher", Subject> = {
  admin: { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] },
  teacher: { role: "teacher", sheikhIds: ["s1"], halqaIds: new Set(["h1"]), studentLineageIds: [] },
};
const as = (role: "admin" | "teacher", locale: Actor["locale"] = "en") => {
  signedIn.actor = someone(role, locale);
  guard.subject = subjects[role];
};
const writes = () => state.calls.filter((c) => c.name !== "getStudent");
const newStudent = {
  full_name: "Yusuf Al-Test",
  preferred_name: "",
  halqa_id: "h1",
  status: "active",
  enrolled_on: "",
};
const edit = {
  id: "mine",
  full_name: "Omar Al-Test",
  preferred_name: "",
  halqa_id: "h1",
  status: "on_leave",
  enrolled_on: "2026-09-01",
};

beforeEach(() => {
  as("admin");
  state.calls = [];
  guard.audits = [];
  state.fail = null;
  state.students = new Map([
    [
      "mine",
      { id: "mine", lineage_id: "lin1", halqa_id: "h1", semester_id: "sem1", full_name: "Omar", status: "active" },
    ],
  ]);
});

describe("createStudent", () => {
  it("lets an admin create, with empty optional fields sent as null and an idempotency key", async () => {
    const result = await createStudent(null, formOf(newStudent));
    expect(result).toEqual({ ok: true, data: { id: "stu_new" } });
    const [call] = writes();
    expect(call?.name).toBe("createStudent");
    expect(call?.args?.body).toEqual({
      full_name: "Yusuf Al-Test",
      preferred_name: null,
      halqa_id: "h1",
      status: "active",
      enrolled_on: null,
    });
    expect(call?.args?.idempotencyKey).toEqual(expect.any(String));
    expect(guard.audits).toEqual([
      expect.objectContaining({
        action: "student.create",
        result: "ok",
        targetId: "stu_new",
        details: { label: "Yusuf Al-Test" },
      }),
    ]);
  });

  it("refuses a teacher, writes nothing, and audits the refusal", async () => {
    as("teacher");
    expect(await createStudent(newStudent)).toMatchObject({ ok: false, message: "You are not allowed to do this." });
    expect(writes()).toEqual([]);
    expect(guard.audits.map((a) => a.result)).toEqual(["denied"]);
  });

  it("puts the API's validation errors on the fields, as catalogue keys (never the school's text)", async () => {
    state.fail = new V1Error({
      code: "validation_failed",
      status: 422,
      message: "invalid",
      details: { fields: { full_name: "must be at most 120 characters" } },
    });
    expect(await createStudent({ ...newStudent, full_name: "x".repeat(121) })).toEqual({
      ok: false,
      code: "validation_failed",
      message: "Some fields need attention.",
      fieldErrors: { full_name: "errors.invalidField" },
      retryable: false,
      blocked: false,
    });
    expect(guard.audits.map((a) => a.result)).toEqual(["failed"]);
  });

  it("explains, in the reader's language, a school that does not accept writes", async () => {
    as("admin", "ar");
    state.fail = new V1Error({ code: "write_access_disabled", status: 403, message: "no" });
    const result = await createStudent(newStudent);
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? "" : result.message).toContain("لا تقبل التعديلات");
  });
});

describe("updateStudent", () => {
  it("loads the student first, then updates it", async () => {
    expect(await updateStudent(null, formOf(edit))).toEqual({ ok: true, data: { id: "mine" } });
    expect(state.calls.map((c) => c.name)).toEqual(["getStudent", "updateStudent"]);
    expect(writes()[0]?.args?.body).toEqual({
      full_name: "Omar Al-Test",
      preferred_name: null,
      halqa_id: "h1",
      status: "on_leave",
      enrolled_on: "2026-09-01",
    });
  });

  it("refuses a teacher even for a student of their own halqa", async () => {
    as("teacher");
    expect(await updateStudent(edit)).toMatchObject({ ok: false });
    expect(writes()).toEqual([]);
  });

  it("refuses a student that does not exist (or belongs to another school) without writing", async () => {
    const result = await updateStudent({ ...edit, id: "elsewhere" });
    expect(result).toMatchObject({ ok: false, message: "This record no longer exists, or it is not yours to see." });
    expect(writes()).toEqual([]);
    expect(guard.audits.map((a) => a.result)).toEqual(["denied"]);
  });

  it("rejects input that is not a student form before calling the API", async () => {
    expect(await updateStudent({ id: "mine" })).toMatchObject({ ok: false, message: "Some fields need attention." });
    expect(state.calls).toEqual([]);
  });
});
