import "server-only";
import { cache } from "react";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { Student } from "@/lib/contract";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { studentRecord } from "@/lib/features/records";
import { semestersFor, surahsFor } from "@/lib/features/reference";
import { byName } from "@/lib/text-search";
import { newestRecitationsFirst } from "./recitations";

/**
 * One student's page, read in parts that stream on their own; each read is cached per request, so
 * parts that share one (the semester's halqas, the recitations) call once. v1 calls: getStudent
 * (shared with the segment's gate); then the student's halqa (or the semester's halqas, editing) and
 * recitations, concurrently; the halqa's sessions and the attendance of the latest 10 of them
 * (`loadRecentMarks`), merged into the progress read model's history: at most 4 + 10 (+1 per
 * further 100 items); semesters, surahs cached; school memoized.
 */
export const loadStudentHeader = cache(async (actor: Actor, id: string) => {
  const [student, subject] = await Promise.all([studentRecord(actor.connectionId, id), subjectOf(actor)]);
  if (!student || !can.viewStudent(subject, student)) return null;
  return { student, subject };
});

/** The halqas of the student's semester, by name: the profile names the student's, the edit form offers them all. */
export const loadSemesterHalqas = cache(async (connectionId: string, semesterId: string) => {
  const { items } = await clientFor(connectionId).listAll("listHalqas", {
    query: { semester_id: semesterId, limit: API_PAGE_SIZE },
  });
  return items.toSorted(byName);
});

export async function loadStudentProfile(connectionId: string, student: Student) {
  const [semesters, halqas] = await Promise.all([
    semestersFor(connectionId),
    loadSemesterHalqas(connectionId, student.semester_id),
  ]);
  return {
    semester: semesters.find((s) => s.id === student.semester_id),
    halqa: halqas.find((h) => h.id === student.halqa_id),
  };
}

/** The student's recitations on this record, newest first. */
export const loadStudentRecitations = cache(async (connectionId: string, studentId: string) => {
  const { items } = await clientFor(connectionId).listAll("listStudentRecitations", {
    params: { id: studentId },
    query: { limit: API_PAGE_SIZE },
  });
  return newestRecitationsFirst(items);
});

export async function loadRecitationHistory(connectionId: string, studentId: string) {
  const [recitations, surahs] = await Promise.all([
    loadStudentRecitations(connectionId, studentId),
    surahsFor(connectionId),
  ]);
  return { recitations, surahs: new Map(surahs.map((surah) => [surah.number, surah])) };
}
