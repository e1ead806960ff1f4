import { byDisplayName } from "@/lib/features/students/display-names";
import "server-only";
import { sessionRecord } from "@/lib/features/records";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import type { Student } from "@/lib/contract";
import { clientFor } from "@/lib/connections";
import type { LiveSnapshot, RosterStudent } from "../types";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { excusesForRegister } from "@/lib/features/excuses/register";

/**
 * What the live session screen polls (GET /api/live/sessions/{id}).
 * v1 calls: 4 — the session, then its halqa's students, its attendance and its recitations in
 * parallel (each list one page of 100 for a class). Besides: `GET /school` once per process
 * (memoized by the client) and, for a teacher, one `GET /sheikhs/{id}` per linked sheikh (the
 * policy's view of the teacher, once per request), both alongside the session.
 * Null when the session does not exist or the actor may not see it: the caller answers 404 either way.
 */
export async function loadLiveSnapshot(actor: Actor, sessionId: string): Promise<LiveSnapshot | null> {
  if (sessionId.length === 0 || sessionId.length > 255) return null;
  const client = clientFor(actor.connectionId);
  const [session, subject, school] = await Promise.all([
    sessionRecord(actor.connectionId, sessionId),
    subjectOf(actor),
    client.tenant(),
  ]);
  if (!session || !can.viewSession(subject, session)) return null;
  const [students, attendance, recitations] = await Promise.all([
    client.listAll("listStudents", { query: { halqa_id: session.halqa_id, limit: API_PAGE_SIZE } }),
    client.listAll("listAttendance", { params: { id: session.id }, query: { limit: API_PAGE_SIZE } }),
    client.listAll("listSessionRecitations", { params: { id: session.id }, query: { limit: API_PAGE_SIZE } }),
  ]);
  const roster: RosterStudent[] = [];
  const ineligible: RosterStudent[] = [];
  for (const student of students.items)
    (student.status === "active" ? roster : ineligible).push(rosterStudent(student));
  const excuses = await excusesForRegister(
    actor,
    { connectionId: actor.connectionId, tenantId: school.id },
    session.date,
    students.items,
  );
  return {
    tenantId: school.id,
    session,
    roster: byDisplayName(roster),
    ineligible: byDisplayName(ineligible),
    attendance: attendance.items,
    recitations: recitations.items,
    can: {
      markAttendance: can.markAttendance(subject, session),
      recordRecitation: can.recordRecitation(subject, session),
      endSession: can.endSession(subject, session),
    },
    excuses,
    fetchedAt: new Date().toISOString(),
  };
}

function rosterStudent(student: Student): RosterStudent {
  return {
    id: student.id,
    lineage_id: student.lineage_id,
    full_name: student.full_name,
    preferred_name: student.preferred_name,
    status: student.status,
  };
}
