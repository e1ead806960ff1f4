import "server-only";
import { studentRecord } from "@/lib/features/records";
import type { Actor } from "@/lib/auth/users";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { STUDENT_STATUSES, type Halqa, type Student } from "@/lib/contract";
import { PAGE } from "@/lib/features/halqas/queries";
import { byName } from "@/lib/features/halqas/rows";
import { matchesQuery } from "@/lib/features/halqas/search";
import { resolveSemester, semestersFor, surahsFor } from "@/lib/features/reference";
import { recentSessions, summarizeAttendance } from "./attendance";
import { newestRecitationsFirst } from "./recitations";

export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export type StudentListFilters = { semester?: string; status?: StudentStatus; halqa?: string; q?: string };

/**
 * Students of one semester the actor may see, with their halqa's name.
 * v1 calls: listHalqas and listStudents of the semester, concurrently (+1 per further 100);
 * semesters cached; a teacher's subject adds one getSheikh per link.
 */
export async function loadStudentList(actor: Actor, filters: StudentListFilters) {
  const client = clientFor(actor.connectionId);
  const [{ semesters, selected }, subject] = await Promise.all([resolveSemester(actor.connectionId, filters.semester), subjectOf(actor)]);
  const teacher = subject.role === "teacher";
  if (!selected) return { semesters, selected, halqas: [] as Halqa[], students: [] as Student[], halqaId: undefined, teacher };
  const [halqas, students] = await Promise.all([
    client.listAll("listHalqas", { query: { semester_id: selected.id, limit: PAGE } }),
    client.listAll("listStudents", { query: { semester_id: selected.id, limit: PAGE, ...(filters.status ? { status: filters.status } : {}) } }),
  ]);
  const visibleHalqas = halqas.items.filter((halqa) => can.viewHalqa(subject, halqa.id)).sort(byName);
  // A halqa of another semester, or one the actor may not see, is not a filter: it is ignored.
  const halqaId = visibleHalqas.find((halqa) => halqa.id === filters.halqa)?.id;
  const visible = students.items
    .filter((student) => can.viewStudent(subject, student))
    .filter((student) => !halqaId || student.halqa_id === halqaId)
    .filter((student) => matchesQuery([student.full_name, student.preferred_name], filters.q))
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
  return { semesters, selected, halqas: visibleHalqas, students: visible, halqaId, teacher };
}

/** Halqas a new student may join in the selected semester. v1 calls: listHalqas (+1 per further 100); semesters cached. */
export async function loadNewStudentOptions(actor: Actor, semester: string | undefined) {
  const { semesters, selected } = await resolveSemester(actor.connectionId, semester);
  if (!selected) return { semesters, selected, halqas: [] as Halqa[] };
  const halqas = await clientFor(actor.connectionId).listAll("listHalqas", { query: { semester_id: selected.id, limit: PAGE } });
  return { semesters, selected, halqas: halqas.items.sort(byName) };
}

/**
 * One student the actor may see, or null (404). Rounds: getStudent; then halqas of the student's
 * semester, the halqa's sessions of that semester and the student's recitations, concurrently; the
 * attendance of the RECENT_SESSION_LIMIT most recent sessions, concurrently, as soon as the sessions
 * arrive. v1 calls: at most 4 + 10 (+1 per further 100 items); semesters, surahs cached; school memoized.
 */
export async function loadStudentDetail(actor: Actor, id: string) {
  const client = clientFor(actor.connectionId);
  const [student, subject] = await Promise.all([
    studentRecord(actor.connectionId, id),
    subjectOf(actor),
  ]);
  if (!student || !can.viewStudent(subject, student)) return null;

  const sessions = client
    .listAll("listSessions", { query: { halqa_id: student.halqa_id, semester_id: student.semester_id, limit: PAGE } })
    .then(({ items }) => recentSessions(items));
  const attendance = sessions.then((recent) =>
    Promise.all(recent.map((session) => client.listAll("listAttendance", { params: { id: session.id }, query: { limit: PAGE } }))),
  );
  const [school, semesters, surahs, halqas, recent, attendancePages, recitations] = await Promise.all([
    client.tenant(),
    semestersFor(actor.connectionId),
    surahsFor(actor.connectionId),
    client.listAll("listHalqas", { query: { semester_id: student.semester_id, limit: PAGE } }),
    sessions,
    attendance,
    client.listAll("listStudentRecitations", { params: { id: student.id }, query: { limit: PAGE } }),
  ]);

  return {
    student,
    school,
    semester: semesters.find((s) => s.id === student.semester_id),
    halqa: halqas.items.find((h) => h.id === student.halqa_id),
    halqas: halqas.items.toSorted(byName),
    attendance: summarizeAttendance(
      recent.map((s) => s.id),
      attendancePages.flatMap((page) => page.items),
      student.id,
    ),
    recitations: newestRecitationsFirst(recitations.items),
    surahs: new Map(surahs.map((surah) => [surah.number, surah])),
  };
}
