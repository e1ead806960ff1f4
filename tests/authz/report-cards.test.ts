/**
 * Issue 25.4: the term report card routes over real HTTP (one student's card, a halqa's cards, a
 * parent's child's card), each role × own / other / other school's object; and the card's
 * attendance figures against the school's API, read independently with a demo key.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/session", async () => (await import("@/tests/support/auth/signed-in")).session);

import { GET as childCard } from "@/app/(family)/family/children/[lineageId]/report-card/route";
import { GET as halqaCards } from "@/app/(staff)/halqas/[id]/report-cards/route";
import { GET as studentCard } from "@/app/(staff)/students/[id]/report-card/route";
import type { AttendanceRow, Halqa, School, Semester, Session, Student } from "@/lib/contract";
import { pdfText } from "@/tests/support/features/report-cards/pdf-text";
import { type Actor, demoActors, schoolApi, serveRoutes, signedIn, syncedDemoWorld } from "./harness";

let actors: Awaited<ReturnType<typeof demoActors>>;
let server: Awaited<ReturnType<typeof serveRoutes>>;
let alnoor: ReturnType<typeof schoolApi>;
let own: Halqa;
let other: Halqa;
let arqamHalqa: Halqa;
let arqamStudent: Student;
let child: Student;
let otherChild: Student;
let ownStudent: Student;
let otherStudent: Student;

const activeRecord = (records: Student[], active: string) => records.find((s) => s.semester_id === active);

beforeAll(async () => {
  const world = await syncedDemoWorld();
  ({ actors, alnoor } = world);
  const { arqam, teacherSheikh: sheikh } = world;
  const active = (await alnoor.all<Semester>("/semesters")).find((s) => s.status === "active")!.id;
  const halqas = (await alnoor.all<Halqa>(`/halqas?semester_id=${active}`)).filter(
    (h) => h.semester_id === active && h.is_active,
  );
  const students = await alnoor.all<Student>(`/students?semester_id=${active}`);
  const withStudents = (h: Halqa) => students.some((s) => s.halqa_id === h.id);
  own = halqas.find((h) => sheikh.halqa_ids.includes(h.id) && withStudents(h))!;
  other = halqas.find((h) => !sheikh.halqa_ids.includes(h.id) && withStudents(h))!;
  ownStudent = students.find((s) => s.halqa_id === own.id)!;
  otherStudent = students.find((s) => s.halqa_id === other.id)!;
  child = activeRecord(
    await alnoor.all<Student>(`/students?lineage_id=${actors.parent.studentLineageIds[0]}`),
    active,
  )!;
  otherChild = students.find((s) => !actors.parent.studentLineageIds.includes(s.lineage_id))!;
  arqamHalqa = (await arqam.all<Halqa>("/halqas"))[0]!;
  arqamStudent = (await arqam.all<Student>("/students"))[0]!;

  server = await serveRoutes((request, url) => {
    const [, first, id = "", last] = url.pathname.split("/");
    const params = {
      params: Promise.resolve({
        id: decodeURIComponent(id),
        lineageId: decodeURIComponent(url.pathname.split("/")[3] ?? ""),
      }),
    };
    if (first === "students" && last === "report-card") return studentCard(request, params);
    if (first === "halqas" && last === "report-cards") return halqaCards(request, params);
    if (first === "family") return childCard(request, params);
    return Promise.resolve(new Response("no such route", { status: 418 }));
  });
}, 180_000);

afterAll(() => server?.close());

async function get(actor: Actor | null, path: string) {
  signedIn.actor = actor;
  const response = await fetch(`${server.base}${path}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    disposition: response.headers.get("content-disposition") ?? "",
    bytes,
  };
}
const student = (id: string, query = "") => `/students/${encodeURIComponent(id)}/report-card${query}`;
const halqa = (id: string, query = "") => `/halqas/${encodeURIComponent(id)}/report-cards${query}`;
const family = (lineageId: string) => `/family/children/${encodeURIComponent(lineageId)}/report-card`;

describe("report card routes × roles × objects", { timeout: 120_000 }, () => {
  it("signed out: 401 on each route", async () => {
    for (const path of [student(ownStudent.id), halqa(own.id), family(child.lineage_id)])
      expect((await get(null, path)).status).toBe(401);
  });

  it("one student's card: an admin any of the school's, a teacher their halqa's, a parent their own child's; anything else 404", async () => {
    const ok = await get(actors.admin, student(otherStudent.id));
    expect(ok.status).toBe(200);
    expect(ok.type).toBe("application/pdf");
    expect(ok.disposition).toMatch(/^attachment; filename="report-card-[\w-]+\.pdf"$/);
    expect((await get(actors.teacher, student(ownStudent.id))).status).toBe(200);
    expect((await get(actors.teacher, student(otherStudent.id))).status).toBe(404);
    expect((await get(actors.parent, student(child.id))).status).toBe(200);
    expect((await get(actors.parent, student(otherChild.id))).status).toBe(404);
    expect((await get(actors.admin, student(arqamStudent.id))).status).toBe(404);
    expect((await get(actors.arqamAdmin, student(ownStudent.id))).status).toBe(404);
    expect((await get(actors.admin, student(ownStudent.id, "?semester=no-such-term"))).status).toBe(404);
  });

  it("a halqa's cards: an admin and the halqa's teacher; a parent, another teacher, another school or another term: 404", async () => {
    const ok = await get(actors.teacher, halqa(own.id, `?semester=${own.semester_id}`));
    expect(ok.status).toBe(200);
    expect(ok.type).toBe("application/pdf");
    expect((await get(actors.admin, halqa(other.id))).status).toBe(200);
    expect((await get(actors.teacher, halqa(other.id))).status).toBe(404);
    expect((await get(actors.parent, halqa(own.id))).status).toBe(404);
    expect((await get(actors.admin, halqa(arqamHalqa.id))).status).toBe(404);
    expect((await get(actors.arqamAdmin, halqa(own.id))).status).toBe(404);
    expect((await get(actors.admin, halqa(own.id, "?semester=no-such-term"))).status).toBe(404);
    expect((await get(actors.admin, halqa(own.id, `?semester=${"s".repeat(5000)}`))).status).toBe(404);
  });

  it("the family route: the parent's own child only; staff and other families 404", async () => {
    expect((await get(actors.parent, family(child.lineage_id))).status).toBe(200);
    expect((await get(actors.parent, family(otherChild.lineage_id))).status).toBe(404);
    expect((await get(actors.admin, family(child.lineage_id))).status).toBe(404);
    expect((await get(actors.teacher, family(child.lineage_id))).status).toBe(404);
  });
});

describe("the halqa's PDF against the school's records", { timeout: 120_000 }, () => {
  it("has one page per student of the halqa, and each card's attendance counts are the API's", async () => {
    const school = await alnoor.data<School>("/school");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: school.time_zone }).format(new Date());
    const students = (await alnoor.all<Student>(`/students?halqa_id=${own.id}`)).filter((s) => s.halqa_id === own.id);
    const sessions = (await alnoor.all<Session>(`/sessions?halqa_id=${own.id}`)).filter(
      (s) => s.halqa_id === own.id && s.date <= today,
    );
    const rows = (
      await Promise.all(
        sessions.map((s) =>
          alnoor
            .all<AttendanceRow>(`/sessions/${s.id}/attendance`)
            .then((list) => list.map((row) => ({ row, session: s }))),
        ),
      )
    ).flat();
    const { bytes, status } = await get({ ...actors.teacher, locale: "en" }, halqa(own.id));
    expect(status).toBe(200);
    const pages = pdfText(bytes)
      .split("\f")
      .filter((page) => page.includes("Term report card"));
    expect(pages).toHaveLength(students.length);
    // Two students may share a name, so the cards' count lines are compared with the records' as a whole.
    const expected = students.map((s) => {
      const mine = rows.filter(
        ({ row, session }) => row.student_id === s.id && (!s.enrolled_on || session.date >= s.enrolled_on),
      );
      const count = (status: AttendanceRow["status"]) => mine.filter(({ row }) => row.status === status).length;
      return `Present ${count("present")}, late ${count("late")}, absent ${count("absent")}, excused ${count("excused")}`;
    });
    const printed = pages.map((page) => page.split("\n").find((line) => line.startsWith("Present ")) ?? "");
    expect(printed.sort()).toEqual(expected.sort());
    // A name mixing Arabic and Latin words is drawn in visual order, and pdftotext puts the runs back by its
    // own rules (as the comment in render.test.ts): the student's line holds each word of the name.
    const studentLines = pages.map((page) => page.split("\n").find((line) => line.startsWith("Student: ")) ?? "");
    for (const s of students) {
      const words = (s.preferred_name || s.full_name).split(/\s+/);
      expect(
        studentLines.some((line) => words.every((word) => line.includes(word))),
        s.full_name,
      ).toBe(true);
    }
  });
});
