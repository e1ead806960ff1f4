import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { missingAsNull } from "@/lib/features/records";
import { dateIn } from "@/lib/dates";
import { studentRecord } from "@/lib/features/records";
import { semestersFor } from "@/lib/features/reference";
import { periodOf } from "./period";
import { progressFreshness, studentHistory } from "./read-model";
import { periodFigures } from "./report";

export type PeriodQuery = { period?: string; from?: string; to?: string };

/**
 * A student's report for a period, or null (404): the student must be one the actor may see (a
 * teacher: their halqas' students). History from the progress read model (no per-session call).
 * v1 calls: getStudent (shared with the layout's gate), getHalqa; school memoized; semesters cached.
 */
export async function loadStudentReport(actor: Actor, id: string, query: PeriodQuery) {
  const client = clientFor(actor.connectionId);
  const [student, subject] = await Promise.all([studentRecord(actor.connectionId, id), subjectOf(actor)]);
  if (!student || !can.viewStudent(subject, student)) return null;
  const [school, semesters, halqa] = await Promise.all([
    client.tenant(),
    semestersFor(actor.connectionId),
    client.call("getHalqa", { params: { id: student.halqa_id } }).catch(missingAsNull),
  ]);
  const scope = { connectionId: actor.connectionId, tenantId: school.id };
  const [history, freshness] = await Promise.all([studentHistory(scope, student.id), progressFreshness(scope)]);
  const semester = semesters.find((s) => s.id === student.semester_id) ?? null;
  const today = dateIn(school.time_zone);
  const period = periodOf(query, today, semester);
  const { figures, until } = periodFigures(history.recitations, history.attendance, student, period, school.time_zone);
  return {
    student,
    school,
    semester,
    halqa,
    period,
    figures,
    until,
    freshness,
    rejected: Boolean(query.from || query.to) && period.kind !== "custom",
  };
}
