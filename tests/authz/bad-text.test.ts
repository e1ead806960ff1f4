/**
 * Issue 30.3: a NUL or a lone surrogate in a student's name ended in an unhandled error, the audit
 * insert failed (so the attempt was never recorded), and the server log received the failed SQL with
 * the admin's e-mail and the payload. Now: refused by the action's own schema, the audit write
 * cannot fail on input, and no database error's text reaches the log.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { listAudit, recordAudit } from "@/lib/audit";
import { createStudent, updateStudent } from "@/lib/features/students/actions";
import { countStudents, schoolFixture, type SchoolFixture } from "./fixtures";
import { type Actor, connectEmbeddedSchool, DEMO_KEYS, demoActors, signedIn } from "./harness";
import { captureLogs } from "@/lib/ops/log";

let admin: Actor;
let school: SchoolFixture;
const BAD = ["Ahmad\u0000 Ali", "Ahmad \ud800", "\udc00Ali", "Ali\ud83d"];

function captureLog() {
  const lines: string[] = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(" "));
    });
  }
  restoreLogs = captureLogs(lines).restore;
  return lines;
}

let restoreLogs = () => {};

beforeAll(async () => {
  const url = connectEmbeddedSchool();
  admin = (await demoActors()).admin;
  school = await schoolFixture(url, DEMO_KEYS.alnoorAdmin, { writable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  restoreLogs();
});

describe("text no database can store", () => {
  it("is refused by createStudent and updateStudent on the field, and nothing is written", async () => {
    signedIn.actor = admin;
    const before = await countStudents(school, school.a.halqa.id);
    const log = captureLog();
    for (const name of BAD) {
      const created = await createStudent({ full_name: name, halqa_id: school.a.halqa.id });
      expect(created).toMatchObject({
        ok: false,
        code: "invalid_input",
        fieldErrors: { full_name: expect.any(String) },
      });
      const updated = await updateStudent({
        id: school.a.student.id,
        full_name: name,
        halqa_id: school.a.halqa.id,
        status: "active",
      });
      expect(updated).toMatchObject({
        ok: false,
        code: "invalid_input",
        fieldErrors: { full_name: expect.any(String) },
      });
    }
    expect(await countStudents(school, school.a.halqa.id)).toBe(before);
    expect(log).toEqual([]);
  });

  it("never makes the audit write fail: it is stored in a safe form", async () => {
    await recordAudit(admin, {
      action: "student.create",
      result: "failed",
      targetType: "student",
      targetId: "x\u0000",
      details: { label: "Ahmad\u0000\ud800", nested: ["\udc00"] },
    });
    const [entry] = await listAudit(admin.connectionId, { limit: 1 });
    expect(entry?.targetId).toBe("x\ufffd");
    expect(entry?.details).toEqual({ label: "Ahmad\ufffd\ufffd", nested: ["\ufffd"] });
  });

  it("logs an unexpected database error by its code only: no SQL, no values, no e-mail, no stack", async () => {
    signedIn.actor = admin;
    const secret = "Secret Pupil Name";
    const failing = defineAction({
      name: "test.unexpected",
      input: z.object({ name: z.string() }),
      roles: ["admin"],
      authorize: () => true,
      run: async (_ctx, input) => {
        const cause = Object.assign(
          new Error(`insert into "students" values ($1) params: ${input.name},${admin.email}`),
          { code: "22P05" },
        );
        throw Object.assign(new Error(`Failed query: insert into "students" params: ${input.name}`, { cause }), {
          name: "DrizzleQueryError",
        });
      },
    });
    const log = captureLog();
    let thrown: unknown;
    await failing({ name: secret }).catch((error: unknown) => (thrown = error));
    expect(thrown).toBeInstanceOf(Error);
    const everything = [...log, (thrown as Error).message, String((thrown as Error).cause ?? "")].join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(admin.email);
    expect(everything).not.toContain("insert into");
    expect(log.join("\n")).toContain("22P05");
    expect(log.join("\n")).not.toMatch(/^\s+at /m);
    const [entry] = await listAudit(admin.connectionId, { limit: 1 });
    expect(entry).toMatchObject({ action: "test.unexpected", result: "failed" });
  });
});
