import { describe, expect, it } from "vitest";
import type { Assignment, LearningPlan, Recitation } from "@/lib/contract";
import { currentSegments, latestPerKind } from "./prefill-source";

const rec = (id: string, kind: Recitation["kind"], endAyah: number, recorded_at: string): Recitation => ({
  id,
  session_id: "ses",
  student_id: "stu",
  kind,
  range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: endAyah } },
  rating: 3,
  mistakes: null,
  note: null,
  recorded_at,
  created_at: recorded_at,
  updated_at: recorded_at,
});

const plan = (status: string) => ({ id: `pln_${status}`, status }) as unknown as LearningPlan;
const assignment = (id: string, status: string, due: string, segments: Assignment["segments"], superseded = false) =>
  ({
    id,
    status,
    due_date: due,
    superseded_at: superseded ? "2026-01-01T00:00:00.000Z" : null,
    replaced_by_assignment_id: superseded ? "asg_new" : null,
    segments,
  }) as unknown as Assignment;
const seg = (order: number, track_type: Recitation["kind"], s: [number, number, number, number]) => ({
  order,
  track_type,
  range: { start: { surah: s[0], ayah: s[1] }, end: { surah: s[2], ayah: s[3] } },
});

describe("latestPerKind", () => {
  it("keeps the latest recitation of each kind, whatever the list order", () => {
    const latest = latestPerKind([
      rec("a", "new_memorization", 5, "2026-01-02T08:00:00.000Z"),
      rec("b", "new_memorization", 9, "2026-01-03T08:00:00.000Z"),
      rec("c", "old_revision", 30, "2026-01-01T08:00:00.000Z"),
      rec("d", "new_memorization", 7, "2026-01-01T08:00:00.000Z"),
    ]);
    expect(latest.map((r) => [r.kind, r.end.ayah])).toEqual([
      ["new_memorization", 9],
      ["old_revision", 30],
    ]);
  });
});

describe("currentSegments", () => {
  it("takes the active plan's assignment in progress (else published, else scheduled), never a superseded one, joining segments of a kind", () => {
    const segments = currentSegments([
      {
        plan: plan("paused"),
        assignments: [assignment("asg_p", "in_progress", "2026-01-01", [seg(1, "new_memorization", [2, 1, 2, 5])])],
      },
      {
        plan: plan("active"),
        assignments: [
          assignment("asg_old", "in_progress", "2026-01-01", [seg(1, "new_memorization", [1, 1, 1, 7])], true),
          assignment("asg_pub", "published", "2026-01-02", [seg(1, "new_memorization", [3, 1, 3, 5])]),
          assignment("asg_now", "in_progress", "2026-01-05", [
            seg(2, "recent_revision", [79, 1, 80, 10]),
            seg(1, "new_memorization", [78, 1, 78, 20]),
            seg(3, "recent_revision", [80, 11, 80, 42]),
          ]),
          assignment("asg_draft", "draft", "2026-01-01", [seg(1, "old_revision", [36, 1, 36, 83])]),
        ],
      },
    ]);
    expect(segments).toEqual({
      new_memorization: { start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: 20 } },
      recent_revision: { start: { surah: 79, ayah: 1 }, end: { surah: 80, ayah: 42 } },
    });
  });

  it("answers nothing without an active plan or a current assignment", () => {
    expect(currentSegments([])).toEqual({});
    expect(
      currentSegments([
        {
          plan: plan("active"),
          assignments: [assignment("asg_c", "completed", "2026-01-01", [seg(1, "new_memorization", [1, 1, 1, 7])])],
        },
      ]),
    ).toEqual({});
  });
});
