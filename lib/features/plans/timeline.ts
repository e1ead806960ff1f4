import type { Assignment } from "@/lib/contract";
import { diffAssignments, type AssignmentDiff } from "./changes";
import { isParentVisibleState } from "./parent-view";

export type TimelineEntry = {
  assignment: Assignment;
  /** 1-based place in the history. */
  number: number;
  /** The assignment this one replaced (the link back), if it is in the history. */
  replaces: { id: string; number: number } | null;
  /** Its replacement, when it was replaced and the replacement is in the history. */
  replacedBy: { id: string; number: number } | null;
  /** A state families never see (everything outside the parent allowlist). */
  staffOnly: boolean;
  /** For a replacement: what changed from the assignment it replaced. */
  changes: AssignmentDiff | null;
};

/**
 * A plan's assignment history for staff, in the API's order: every item stays, a replaced one
 * linked forward to its replacement and the replacement linked back.
 */
export function buildTimeline(history: readonly Assignment[]): TimelineEntry[] {
  const numberOf = new Map(history.map((assignment, index) => [assignment.id, index + 1]));
  const byId = new Map(history.map((assignment) => [assignment.id, assignment]));
  const replacedFrom = new Map<string, string>();
  for (const assignment of history) {
    if (assignment.replaced_by_assignment_id) replacedFrom.set(assignment.replaced_by_assignment_id, assignment.id);
  }
  const ref = (id: string | null | undefined) => {
    const number = id ? numberOf.get(id) : undefined;
    return id && number ? { id, number } : null;
  };
  return history.map((assignment, index) => {
    const old = byId.get(replacedFrom.get(assignment.id) ?? "");
    return {
      assignment,
      number: index + 1,
      replaces: ref(replacedFrom.get(assignment.id)),
      replacedBy: ref(assignment.replaced_by_assignment_id),
      staffOnly: !isParentVisibleState(assignment.status),
      changes: old ? diffAssignments(old, assignment) : null,
    };
  });
}
