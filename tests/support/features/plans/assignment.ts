import type { Assignment } from "@/lib/contract";

/** Test support: an assignment of plan "p1" for student "s1", not started, completed or replaced; `fields` say the rest. */
export function planAssignment(
  fields: Omit<Partial<Assignment>, "status"> &
    Pick<
      Assignment,
      "id" | "due_date" | "source" | "explanation" | "published_at" | "segments" | "created_at" | "updated_at"
    > & {
      /** Any text: a test may give a state the contract does not list. */
      status: string;
    },
): Assignment {
  return {
    plan_id: "p1",
    student_id: "s1",
    started_at: null,
    completed_at: null,
    superseded_at: null,
    replaced_by_assignment_id: null,
    ...fields,
  } as Assignment;
}

/** One segment of new memorization: An-Naba' (78) from its first ayah to `lastAyah`. */
export const nabaSegment = (lastAyah: number): Assignment["segments"] => [
  {
    order: 1,
    track_type: "new_memorization",
    range: { start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: lastAyah } },
  },
];
