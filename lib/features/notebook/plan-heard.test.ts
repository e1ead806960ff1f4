import { describe, expect, it } from "vitest";
import type { Assignment } from "@/lib/contract";
import { nabaSegment, planAssignment } from "@/tests/support/features/plans/assignment";
import { planHeard, type HeardRecitation } from "./plan-heard";

const assignment = (over: Partial<Assignment> = {}): Assignment =>
  planAssignment({
    id: "a1",
    due_date: "2026-03-12",
    status: "published",
    source: "automatic",
    explanation: null,
    published_at: "2026-03-08T06:00:00.000Z",
    segments: nabaSegment(10),
    created_at: "2026-03-01T00:00:00.000Z",
    updated_at: "2026-03-08T06:00:00.000Z",
    ...over,
  });

const rec = (
  from: number,
  to: number,
  at = "2026-03-09T08:00:00.000Z",
  over: Partial<HeardRecitation> = {},
): HeardRecitation => ({
  student_id: "s1",
  kind: "new_memorization",
  range: { start: { surah: 78, ayah: from }, end: { surah: 78, ayah: to } },
  recorded_at: at,
  ...over,
});

describe("plan against register", () => {
  it("is heard when recitations of the segment's kind since publication cover every ayah, partly when some", () => {
    expect(planHeard([assignment()], [rec(1, 6), rec(7, 10)], "2026-03-10")[0]?.state).toBe("heard");
    expect(planHeard([assignment()], [rec(1, 6)], "2026-03-10")[0]?.state).toBe("partly");
    expect(planHeard([assignment()], [], "2026-03-10")[0]?.state).toBe("not_heard");
  });

  it("does not count a recitation before publication, of another kind or another student", () => {
    const others = [
      rec(1, 10, "2026-03-07T08:00:00.000Z"),
      rec(1, 10, undefined, { kind: "old_revision" }),
      rec(1, 10, undefined, { student_id: "s2" }),
    ];
    expect(planHeard([assignment()], others, "2026-03-10")[0]?.state).toBe("not_heard");
  });

  it("lists only published assignments due within a week of today, never a draft or a replaced one", () => {
    const list = [
      assignment({ id: "draft", status: "draft", published_at: null }),
      assignment({ id: "replaced", replaced_by_assignment_id: "x" }),
      assignment({ id: "far", due_date: "2026-04-30" }),
      assignment({ id: "due" }),
    ];
    expect(planHeard(list, [], "2026-03-10").map((x) => x.assignmentId)).toEqual(["due"]);
  });
});
