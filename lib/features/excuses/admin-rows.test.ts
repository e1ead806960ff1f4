import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AttendanceRow, Semester, Session, Student } from "@/lib/contract";
import { dashboardDb } from "@/lib/db";
import { upsertProgress } from "@/lib/features/progress/store-writes";
import { withRecords } from "./admin-rows";
import type { AdminExcuse } from "./store";

/**
 * The admins' excuse list beside the school's records (issue 58.2): the child's current record named
 * in full with its halqa, and the day's latest register of that halqa with the child's mark, from
 * the progress read model of this school only.
 */
const RUN = randomUUID().slice(0, 8);
const scope = { connectionId: `con_${RUN}`, tenantId: "ten_a" };
const SEMESTERS = [
  { id: "sem_old", status: "archived" },
  { id: "sem_now", status: "active" },
] as Semester[];
const at = (time: string) => `2026-12-07T${time}:00.000Z`;

const student = (id: string, semester: string, halqa: string, preferred: string | null) =>
  ({
    id,
    lineage_id: "lin_aboud",
    semester_id: semester,
    halqa_id: halqa,
    full_name: "Abdullah Saeed Al-Harbi",
    preferred_name: preferred,
    status: "active",
    updated_at: at("06:00"),
  }) as unknown as Student;
const session = (id: string, halqa: string, status: "open" | "ended", startsAt: string) =>
  ({ id, halqa_id: halqa, date: "2026-12-07", status, starts_at: at(startsAt), updated_at: at(startsAt) }) as Session;
const mark = (sessionId: string, studentId: string, status: string) =>
  ({
    id: `att_${sessionId}_${studentId}`,
    session_id: sessionId,
    student_id: studentId,
    status,
    updated_at: at("09:00"),
  }) as unknown as AttendanceRow;
const request = (id: string, lineageId: string, day: string): AdminExcuse => ({
  id,
  day,
  lineageId,
  childName: "Aboud",
  parentName: "Umm Aboud",
  reason: "a visit to the doctor",
  createdAt: new Date(at("05:00")),
  seenAt: null,
});

describe("the admins' excuse list beside the school's records", () => {
  it("names the child in full with their current halqa, and gives the day's latest register and mark", async () => {
    const db = await dashboardDb();
    await db.transaction((tx) =>
      upsertProgress(tx, scope, {
        students: [student("stu_old", "sem_old", "hlq_old", null), student("stu_now", "sem_now", "hlq_fajr", "Aboud")],
        sessions: [
          session("ses_morning", "hlq_fajr", "ended", "06:00"),
          session("ses_again", "hlq_fajr", "open", "10:00"),
          session("ses_old_halqa", "hlq_old", "ended", "06:00"),
        ],
        attendance: [mark("ses_morning", "stu_now", "absent"), mark("ses_again", "stu_now", "excused")],
      }),
    );
    // Another school on the same connection has a record of the same lineage: it is not this school's.
    await db.transaction((tx) =>
      upsertProgress(
        tx,
        { ...scope, tenantId: "ten_b" },
        { students: [{ ...student("stu_other", "sem_now", "hlq_b", "Other"), full_name: "Someone Else" }] },
      ),
    );

    const rows = await withRecords(
      db,
      scope,
      [
        request("exc_1", "lin_aboud", "2026-12-07"),
        request("exc_2", "lin_aboud", "2026-12-08"),
        request("exc_3", "lin_gone", "2026-12-07"),
      ],
      { semesters: SEMESTERS, halqaNames: new Map([["hlq_fajr", "Al-Fajr Circle"]]) },
    );
    expect(rows.map((row) => ({ student: row.student, register: row.register }))).toEqual([
      {
        student: { id: "stu_now", name: "Abdullah Saeed Al-Harbi (Aboud)", halqaName: "Al-Fajr Circle" },
        register: { state: "open", sessionId: "ses_again", mark: "excused" },
      },
      {
        student: { id: "stu_now", name: "Abdullah Saeed Al-Harbi (Aboud)", halqaName: "Al-Fajr Circle" },
        register: { state: "none" },
      },
      { student: null, register: { state: "none" } },
    ]);
    // A child the read model does not have keeps the name the request was made under.
    expect(rows[2]!.childName).toBe("Aboud");
  });

  it("reads nothing for no request", async () => {
    expect(await withRecords(await dashboardDb(), scope, [], { semesters: SEMESTERS, halqaNames: new Map() })).toEqual(
      [],
    );
  });
});
