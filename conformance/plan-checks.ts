import { expect } from "vitest";
import type { Assignment } from "@/lib/contract";

/** Replacements come later in the history and belong to it; superseded items keep their time and link. */
export function expectHistoryLinks(history: Assignment[]) {
  const position = new Map(history.map((assignment, index) => [assignment.id, index]));
  for (const [index, assignment] of history.entries()) {
    if (assignment.status === "superseded") {
      expect(assignment.superseded_at, `${assignment.id} superseded_at`).toMatch(/Z$/);
      expect(assignment.replaced_by_assignment_id, `${assignment.id} replaced_by_assignment_id`).toBeTypeOf("string");
    }
    const replacement = assignment.replaced_by_assignment_id;
    if (replacement !== null) {
      expect(position.has(replacement), `${assignment.id} links to ${replacement}, which is in the same history`).toBe(
        true,
      );
      expect(position.get(replacement)!, `${replacement} comes after ${assignment.id}`).toBeGreaterThan(index);
      expect(assignment.superseded_at, `${assignment.id} has a replacement and a supersession time`).not.toBeNull();
    }
  }
}
