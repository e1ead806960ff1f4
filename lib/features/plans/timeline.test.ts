import { describe, expect, it } from "vitest";
import type { Assignment } from "@/lib/contract";
import { buildTimeline } from "./timeline";

function assignment(id: string, status: string, replacedBy: string | null = null): Assignment {
  return {
    id,
    plan_id: "pln_1",
    student_id: "stu_1",
    due_date: "2026-11-01",
    status,
    source: "automatic",
    explanation: null,
    published_at: null,
    started_at: null,
    completed_at: null,
    superseded_at: replacedBy ? "2026-10-30T08:00:00.000Z" : null,
    replaced_by_assignment_id: replacedBy,
    segments: [],
    created_at: "2026-10-01T08:00:00.000Z",
    updated_at: "2026-10-01T08:00:00.000Z",
  } as Assignment;
}

describe("assignment timeline", () => {
  it("keeps every item in order and links replacements both ways", () => {
    const entries = buildTimeline([
      assignment("a", "completed"),
      assignment("b", "superseded", "c"),
      assignment("c", "published"),
    ]);
    expect(entries.map((e) => [e.number, e.assignment.id])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(entries[1]!.replacedBy).toEqual({ id: "c", number: 3 });
    expect(entries[2]!.replaces).toEqual({ id: "b", number: 2 });
    expect(entries[0]!.replaces).toBeNull();
    // The replacement carries what changed from the one it replaced; other entries carry nothing.
    expect(entries[2]!.changes).toMatchObject({ added: [], removed: [], dueDays: 0, source: null });
    expect(entries[0]!.changes).toBeNull();
  });

  it("badges every state outside the parent allowlist as staff-only, unknown ones included", () => {
    const entries = buildTimeline(
      ["draft", "published", "in_progress", "completed", "pending_review", "superseded", "brand_new_state"].map(
        (s, i) => assignment(String(i), s),
      ),
    );
    expect(entries.filter((e) => e.staffOnly).map((e) => e.assignment.status)).toEqual([
      "draft",
      "pending_review",
      "superseded",
      "brand_new_state",
    ]);
  });

  it("a link to an assignment missing from the history is not drawn", () => {
    const [entry] = buildTimeline([assignment("a", "superseded", "elsewhere")]);
    expect(entry!.replacedBy).toBeNull();
  });
});
