import type {
  AttendanceUpsert,
  AttendanceUpsertResult,
  Halqa,
  Semester,
  Session,
  Sheikh,
  Student,
} from "@/lib/contract";
import type { V1 } from "./v1-client";

export type AttendanceFixture = {
  session: Session;
  halqa: Halqa;
  sheikh: Sheikh;
  /** Students of the halqa the bench had to create to reach the class size. */
  createdStudents: number;
  body: AttendanceUpsert;
};

const STATUSES = ["present", "present", "present", "late", "absent", "excused"] as const;

/**
 * A fresh open session of an eligible halqa and sheikh, with `classSize` eligible students (created
 * in that halqa when it has fewer) and a PUT body marking all of them. Every id comes from the API.
 */
export async function attendanceFixture(api: V1, classSize: number): Promise<AttendanceFixture> {
  const semesters = await api.list<Semester>("/semesters", { status: "active" });
  const semester = semesters[0];
  if (!semester) throw new Error("the demo school has no active semester");
  const halqas = await api.list<Halqa>("/halqas", { semester_id: semester.id, active: true });
  let room: { halqa: Halqa; sheikh: Sheikh } | undefined;
  for (const halqa of halqas) {
    const sheikh = (await api.list<Sheikh>("/sheikhs", { halqa_id: halqa.id }))[0];
    if (sheikh) {
      room = { halqa, sheikh };
      break;
    }
  }
  if (!room) throw new Error("no active halqa of the active semester has an eligible sheikh");

  const students = await api.list<Student>("/students", { halqa_id: room.halqa.id, status: "active" });
  const ids = students.map((student) => student.id);
  let createdStudents = 0;
  while (ids.length < classSize) {
    const created = await api.send<{ data: Student }>(
      "POST",
      "/students",
      { halqa_id: room.halqa.id, full_name: `Bench Student ${ids.length + 1}` },
      201,
    );
    ids.push(created.data.id);
    createdStudents++;
  }

  const session = (
    await api.send<{ data: Session }>(
      "POST",
      "/sessions",
      { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id, topic: "Bench attendance" },
      201,
    )
  ).data;
  const body: AttendanceUpsert = {
    rows: ids.slice(0, classSize).map((studentId, index) => {
      const status = STATUSES[index % STATUSES.length] ?? "present";
      return status === "late" ? { student_id: studentId, status, late_minutes: 5 } : { student_id: studentId, status };
    }),
  };
  const check = await api.send<{ data: AttendanceUpsertResult }>(
    "PUT",
    `/sessions/${session.id}/attendance`,
    body,
    200,
  );
  if (check.data.rows.length !== classSize)
    throw new Error(`the attendance PUT stored ${check.data.rows.length} rows, expected ${classSize}`);
  return { session, halqa: room.halqa, sheikh: room.sheikh, createdStudents, body };
}
