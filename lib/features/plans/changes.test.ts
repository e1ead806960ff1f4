import { describe, expect, it } from "vitest";
import type { Assignment, AssignmentSegment } from "@/lib/contract";
import { changesSince, diffAssignments, diffIsEmpty, summarizeReplacements } from "./changes";

const segment = (
  order: number,
  surah: number,
  from: number,
  to: number,
  track: AssignmentSegment["track_type"] = "new_memorization",
): AssignmentSegment => ({
  order,
  track_type: track,
  range: { start: { surah, ayah: from }, end: { surah, ayah: to } },
});

function assignment(id: string, patch: Partial<Assignment> = {}): Assignment {
  return {
    id,
    plan_id: "pln_1",
    student_id: "stu_1",
    due_date: "2026-11-01",
    status: "published",
    source: "automatic",
    explanation: null,
    published_at: "2026-10-01T08:00:00.000Z",
    started_at: null,
    completed_at: null,
    superseded_at: null,
    replaced_by_assignment_id: null,
    segments: [],
    created_at: "2026-10-01T08:00:00.000Z",
    updated_at: "2026-10-01T08:00:00.000Z",
    ...patch,
  };
}

describe("diffAssignments", () => {
  it("names segments added and removed, the due date's move, state and source", () => {
    const old = assignment("a", {
      status: "superseded",
      superseded_at: "2026-10-05T08:00:00.000Z",
      replaced_by_assignment_id: "b",
      segments: [segment(1, 2, 1, 5), segment(2, 2, 6, 10, "recent_revision")],
    });
    const replacement = assignment("b", {
      due_date: "2026-11-04",
      status: "in_progress",
      started_at: "2026-10-01T08:00:00.000Z",
      source: "staff",
      segments: [segment(1, 2, 6, 10, "recent_revision"), segment(2, 2, 11, 15)],
    });
    const diff = diffAssignments(old, replacement);
    expect(diff.added).toEqual([segment(2, 2, 11, 15)]);
    expect(diff.removed).toEqual([segment(1, 2, 1, 5)]);
    expect(diff.dueDays).toBe(3);
    expect(diff.status).toEqual({ from: "published", to: "in_progress" });
    expect(diff.source).toEqual({ from: "automatic", to: "staff" });
    expect(diffIsEmpty(diff)).toBe(false);
  });

  it("sees nothing when only the order of the same segments changed, and moves across months and backwards", () => {
    const old = assignment("a", {
      status: "superseded",
      due_date: "2026-03-01",
      segments: [segment(1, 1, 1, 7), segment(2, 2, 1, 5)],
    });
    const same = assignment("b", { due_date: "2026-03-01", segments: [segment(1, 2, 1, 5), segment(2, 1, 1, 7)] });
    expect(diffIsEmpty(diffAssignments(old, same))).toBe(true);
    expect(diffAssignments(old, assignment("c", { due_date: "2026-02-27" })).dueDays).toBe(-2);
  });

  it("claims no state change when the replacement was made in the old state and started only later", () => {
    const old = assignment("a", {
      status: "superseded",
      superseded_at: "2026-10-05T08:00:00.000Z",
      replaced_by_assignment_id: "b",
    });
    const replacement = assignment("b", {
      status: "in_progress",
      created_at: "2026-10-05T08:00:00.000Z",
      published_at: "2026-10-05T08:00:00.000Z",
      started_at: "2026-10-06T08:00:00.000Z",
    });
    expect(diffAssignments(old, replacement).status).toBeNull();
  });

  it("does not invent an earlier state for a replaced assignment that was never published", () => {
    const old = assignment("a", { status: "superseded", published_at: null });
    expect(diffAssignments(old, assignment("b", { status: "draft" })).status).toBeNull();
  });
});

describe("summarizeReplacements and changesSince", () => {
  const history = [
    assignment("a", {
      status: "superseded",
      superseded_at: "2026-10-02T08:00:00.000Z",
      replaced_by_assignment_id: "b",
    }),
    assignment("b", {
      status: "superseded",
      created_at: "2026-10-02T08:00:00.000Z",
      superseded_at: "2026-10-09T08:00:00.000Z",
      replaced_by_assignment_id: "c",
    }),
    assignment("c", {
      status: "in_progress",
      created_at: "2026-10-09T08:00:00.000Z",
      published_at: "2026-10-09T08:00:00.000Z",
      started_at: "2026-10-10T08:00:00.000Z",
    }),
    assignment("d", { created_at: "2026-10-11T08:00:00.000Z", published_at: null }),
  ];

  it("counts replacements and keeps the latest time, optionally in a period", () => {
    expect(summarizeReplacements(history)).toEqual({ count: 2, lastAt: "2026-10-09T08:00:00.000Z" });
    expect(summarizeReplacements(history, new Date("2026-10-05T00:00:00Z"))).toEqual({
      count: 1,
      lastAt: "2026-10-09T08:00:00.000Z",
    });
    expect(summarizeReplacements([assignment("x")])).toEqual({ count: 0, lastAt: null });
  });

  it("lists replacements, new assignments (not replacements) and state changes since a time, newest first", () => {
    const changes = changesSince(history, new Date("2026-10-08T00:00:00Z"));
    expect(changes.map((c) => [c.kind, c.assignmentId])).toEqual([
      ["added", "d"],
      ["started", "c"],
      ["replaced", "b"],
      ["published", "c"],
    ]);
    expect(changes.find((c) => c.kind === "replaced")?.replacementId).toBe("c");
  });
});
