/**
 * Issue 25.5: the student import over real HTTP against the embedded School API. The read route is
 * checked like its page (roles, another origin, size); the preview against the school's own
 * records; the import creates each student once, even when the same rows are sent again; a key the
 * school refuses writes to stops the import at its first row with the reason, and nothing is created.
 * Only the signed-in person is stood in for.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);

import { POST as read } from "@/app/(staff)/students/import/read/route";
import { POST as check } from "@/app/(staff)/students/import/check/route";
import type { Halqa, Semester, Student } from "@/lib/contract";
import { importStudentBatch } from "@/lib/features/students/import/actions";
import { runImportBatch } from "@/lib/features/students/import/run-batch";
import { translator } from "@/lib/i18n/core";
import { createV1Client } from "@/lib/v1";
import { type Actor, DEMO_KEYS, demoActors, demoWorld, schoolApi, serveRoutes, signedIn } from "./harness";

let actors: Awaited<ReturnType<typeof demoActors>>;
let server: Awaited<ReturnType<typeof serveRoutes>>;
let base = "";
let apiUrl = "";
let alnoor: ReturnType<typeof schoolApi>;
let semester: Semester;
let halqas: Halqa[];
let enrolled: Student;
const suffix = Date.now().toString(36);

beforeAll(async () => {
  ({ apiUrl, actors, alnoor } = await demoWorld());
  semester = (await alnoor.all<Semester>("/semesters")).find((s) => s.status === "active")!;
  halqas = (await alnoor.all<Halqa>(`/halqas?semester_id=${semester.id}`)).filter(
    (h) => h.semester_id === semester.id && h.is_active,
  );
  enrolled = (await alnoor.all<Student>(`/students?semester_id=${semester.id}`)).find(
    (s) => s.semester_id === semester.id,
  )!;
  server = await serveRoutes((request, url) => (url.pathname.endsWith("/check") ? check(request) : read(request)));
  base = server.base;
}, 180_000);

afterAll(() => server?.close());

async function upload(actor: Actor | null, body: string, headers: Record<string, string> = {}) {
  signedIn.actor = actor;
  const response = await fetch(`${base}/students/import/read?semester=${semester.id}`, {
    method: "POST",
    body,
    headers: { "content-type": "text/csv", ...headers },
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const csv = (lines: string[]) => `\uFEFFfull_name,halqa,status\r\n${lines.join("\r\n")}\r\n`;

describe("reading the file is checked like the import page", { timeout: 60_000 }, () => {
  it("signed out 401; a teacher or a parent 404; another origin 403; an admin reads it", async () => {
    const file = csv([`Ali ${suffix},${halqas[0]!.name},active`]);
    expect((await upload(null, file)).status).toBe(401);
    expect((await upload(actors.teacher, file)).status).toBe(404);
    expect((await upload(actors.parent, file)).status).toBe(404);
    expect((await upload(actors.admin, file, { origin: "https://evil.example" })).status).toBe(403);
    expect((await upload(actors.admin, file)).status).toBe(200);
  });

  it("says what is wrong with a file in the reader's language, and reads nothing of it", async () => {
    const bad = await upload(actors.admin, "full_name,full_name\nA,B\n");
    expect(bad.json).toEqual({ ok: false, problem: { key: "duplicateHeader", values: { name: "full_name" } } });
    signedIn.actor = actors.admin;
    const noSemester = await fetch(`${base}/students/import/read`, { method: "POST", body: "full_name,halqa\nA,B\n" });
    expect(noSemester.status).toBe(400);
    const badBody = await fetch(`${base}/students/import/check`, { method: "POST", body: "{not json" });
    expect([badBody.status, ((await badBody.json()) as { message: string }).message]).toEqual([
      400,
      "Some fields need attention.",
    ]);
    const missing = await upload(actors.admin, "full_name\nA\n");
    expect(missing.json).toEqual({ ok: false, problem: { key: "missingColumns", values: { columns: "halqa" } } });
  });
});

describe("the preview against the school's records", { timeout: 60_000 }, () => {
  it("finds each row's halqa, an enrolled student, a name twice, an unknown halqa; headers in Arabic read too", async () => {
    const file = `الاسم الكامل,الحلقة\r\nYusuf ${suffix},${halqas[0]!.name}\r\n${enrolled.full_name},${halqas[0]!.name}\r\nyusuf ${suffix.toUpperCase()},${halqas[1]!.id}\r\nMaryam ${suffix},Nowhere\r\n`;
    const { status, json } = await upload(actors.admin, file);
    expect(status).toBe(200);
    const rows = json.rows as { line: number; problems: { key: string }[]; body: { halqa_id: string } | null }[];
    expect(rows.map((row) => row.problems.map((p) => p.key))).toEqual([
      [],
      ["exists"],
      ["duplicateInFile"],
      ["halqaUnknown"],
    ]);
    expect(rows[0]!.body?.halqa_id).toBe(halqas[0]!.id);
  });

  it("checks edited rows again", async () => {
    signedIn.actor = actors.admin;
    const values = {
      full_name: `Maryam ${suffix}`,
      preferred_name: "",
      halqa: halqas[1]!.name,
      status: "",
      enrolled_on: "2026-09-01",
    };
    const response = await fetch(`${base}/students/import/check`, {
      method: "POST",
      body: JSON.stringify({ semesterId: semester.id, rows: [{ line: 5, values }] }),
    });
    const json = (await response.json()) as { rows: { problems: unknown[]; body: unknown }[] };
    expect(json.rows[0]).toMatchObject({ problems: [], body: { halqa_id: halqas[1]!.id, enrolled_on: "2026-09-01" } });
  });
});

describe("importing", { timeout: 120_000 }, () => {
  const names = [`Hamza ${suffix}`, `Safiya ${suffix}`, `عمر ${suffix}`];
  const rows = () =>
    names.map((name, i) => ({
      line: i + 2,
      values: { full_name: name, preferred_name: "", halqa: halqas[i % 2]!.name, status: "active", enrolled_on: "" },
    }));
  const inSchool = async () =>
    (await alnoor.all<Student>(`/students?semester_id=${semester.id}`)).filter(
      (s) => s.semester_id === semester.id && names.includes(s.full_name),
    );

  it("creates each student once, in the named halqa; the same rows again create nobody", async () => {
    signedIn.actor = actors.admin;
    const first = await importStudentBatch({ semesterId: semester.id, rows: rows() });
    expect(first.ok && first.data.outcomes.map((o) => o.state)).toEqual(["created", "created", "created"]);
    const created = await inSchool();
    expect(created.map((s) => s.full_name).sort()).toEqual([...names].sort());
    expect(created.find((s) => s.full_name === names[1])?.halqa_id).toBe(halqas[1]!.id);
    const again = await importStudentBatch({ semesterId: semester.id, rows: rows() });
    expect(again.ok && again.data.outcomes.map((o) => o.state)).toEqual(["exists", "exists", "exists"]);
    expect(await inSchool()).toHaveLength(3);
  });

  it("a teacher's batch is refused and creates nobody", async () => {
    signedIn.actor = actors.teacher;
    const refused = await importStudentBatch({
      semesterId: semester.id,
      rows: [
        {
          line: 2,
          values: {
            full_name: `Teacher's ${suffix}`,
            preferred_name: "",
            halqa: halqas[0]!.name,
            status: "",
            enrolled_on: "",
          },
        },
      ],
    });
    expect(refused).toMatchObject({ ok: false, code: "not_allowed" });
  });

  it("a key the school refuses writes to stops at the first row with the reason; the rest is not sent", async () => {
    const client = createV1Client({ baseUrl: apiUrl, apiKey: DEMO_KEYS.alnoorReadonly });
    const t = translator("en");
    const lines = [`Readonly A ${suffix}`, `Readonly B ${suffix}`].map((name, i) => ({
      line: i + 2,
      values: { full_name: name, preferred_name: "", halqa: halqas[0]!.id, status: "", enrolled_on: "" },
    }));
    const result = await runImportBatch(
      { actor: actors.admin, subject: { role: "admin" } as never, client, t },
      semester.id,
      lines,
    );
    expect(result.outcomes.map((o) => o.state)).toEqual(["refused", "notSent"]);
    expect(result.blocked).toMatch(/\S/);
    expect(
      (await alnoor.all<Student>(`/students?semester_id=${semester.id}`)).some((s) =>
        s.full_name.startsWith("Readonly"),
      ),
    ).toBe(false);
  });
});
