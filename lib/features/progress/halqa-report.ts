import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { dateIn, zonedDateTimeToUtc } from "@/lib/dates";
import { halqaRecord } from "@/lib/features/records";
import { semestersFor } from "@/lib/features/reference";
import { periodOf } from "./period";
import { halqaHistory, newMemorisationBefore, progressFreshness } from "./read-model";
import { halqaRows } from "./report";
import type { PeriodQuery } from "./student-report";

/**
 * A halqa's report for a period, or null (404): a teacher only for a halqa they teach. Students
 * from the API (the halqa's roster), sessions, attendance and recitations of the period from the
 * progress read model. v1 calls: getHalqa (shared with the layout's gate), listStudents?halqa_id
 * (+1 per further 100); school memoized; semesters cached.
 */
export async function loadHalqaReport(actor: Actor, id: string, query: PeriodQuery) {
  const client = clientFor(actor.connectionId);
  const [halqa, subject] = await Promise.all([halqaRecord(actor.connectionId, id), subjectOf(actor)]);
  if (!halqa || !can.viewHalqa(subject, halqa.id)) return null;
  const [school, semesters, roster] = await Promise.all([
    client.tenant(),
    semestersFor(actor.connectionId),
    client.listAll("listStudents", { query: { halqa_id: halqa.id, limit: API_PAGE_SIZE } }),
  ]);
  const semester = semesters.find((s) => s.id === halqa.semester_id) ?? null;
  const period = periodOf(query, dateIn(school.time_zone), semester);
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  // A real school may ignore the halqa filter: the roster is re-checked by the records' own field.
  const students = roster.items
    .filter((student) => student.halqa_id === halqa.id)
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
  const [history, before, freshness] = await Promise.all([
    halqaHistory(scope, halqa.id, period),
    // What each student memorised before the period, in any of their records: "newly memorised" is the student report's.
    newMemorisationBefore(
      scope,
      students.map((student) => student.id),
      zonedDateTimeToUtc(period.from, "00:00", school.time_zone),
    ),
    progressFreshness(scope),
  ]);
  return {
    halqa,
    school,
    semester,
    period,
    freshness,
    sessions: history.sessions.length,
    rows: halqaRows(students, history, before, school.time_zone),
    rejected: Boolean(query.from || query.to) && period.kind !== "custom",
  };
}
