import type { Assignment, Recitation, Semester } from "@/lib/contract";
import { childView, type ChildParts } from "@/lib/features/family/queries";
import { splitParentAssignments, toParentAssignments } from "@/lib/features/plans/parent-view";
import { mark, SCHOOL, session, student } from "@/tests/support/features/notices/fixture";
import { nabaSegment, planAssignment } from "@/tests/support/features/plans/assignment";
import type { Locale } from "@/lib/i18n/core";

/** A term with sessions, marks, recitations and assignments of every kind a card must sort out. */
export const TERM: Semester = {
  id: "sem1",
  name: "Autumn 2026",
  status: "active",
  starts_on: "2026-09-01",
  ends_on: "2026-12-31",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};
export const TODAY = "2026-11-20";

export function recitation(
  id: string,
  day: string,
  kind: Recitation["kind"],
  range: [number, number, number, number],
  rating: number,
  note: string | null = null,
): Recitation {
  const at = `${day}T14:00:00Z`;
  return {
    id,
    session_id: "se",
    student_id: "s1",
    kind,
    range: { start: { surah: range[0], ayah: range[1] }, end: { surah: range[2], ayah: range[3] } },
    rating,
    mistakes: 2,
    note,
    recorded_at: at,
    created_at: at,
    updated_at: at,
  };
}

function assignment(id: string, status: string, due: string, explanation: string | null): Assignment {
  return planAssignment({
    id,
    due_date: due,
    status,
    source: "teacher",
    explanation,
    published_at: null,
    segments: nabaSegment(20),
    created_at: "2026-09-01T00:00:00Z",
    updated_at: "2026-09-01T00:00:00Z",
  });
}

const STATUSES = ["present", "present", "late", "absent", "excused", "present"] as const;

export function childParts(): ChildParts {
  const sessions = STATUSES.map((_, i) => session(`se${i}`, new Date(`2026-10-${10 + i}T14:00:00Z`), true));
  return {
    lineageId: "lin-s1",
    student: student("s1", "Yusuf Ahmed"),
    school: SCHOOL,
    semesters: [TERM],
    surahs: [],
    halqaName: "حلقة الفجر",
    recitations: [
      recitation("r0", "2026-06-01", "new_memorization", [78, 1, 78, 40], 3), // before the term: on the map, not in the term
      recitation("r1", "2026-10-10", "new_memorization", [77, 1, 77, 50], 3, "staff-only note: talk to the father"),
      recitation("r2", "2026-10-12", "recent_revision", [77, 1, 77, 20], 2),
      recitation("r3", "2026-10-14", "old_revision", [1, 1, 2, 5], 1),
    ],
    shared: {
      assignments: splitParentAssignments(
        toParentAssignments([
          assignment("a1", "published", "2026-11-30", null),
          assignment("a2", "draft", "2026-11-30", "draft: staff only"),
          assignment("a3", "completed", "2026-10-20", null),
        ]),
      ),
      plan: null,
    },
    stored: {
      recitations: [],
      attendance: sessions.map((s, i) => ({
        session: s,
        row: mark(s.id, "s1", STATUSES[i]!, new Date(s.starts_at), "teacher's note"),
      })),
    },
    live: [],
  };
}

export const child = (locale: Locale = "en") => childView(childParts(), locale);
