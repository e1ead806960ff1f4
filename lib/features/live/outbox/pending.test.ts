import { describe, expect, it } from "vitest";
import { waitingSince } from "./pending";
import type { QueuedMark, QueuedRecitation } from "../types";

const mark = (changedAt: number): QueuedMark => ({
  student_id: `s${changedAt}`,
  value: { status: "present", late_minutes: null, note: null },
  version: changedAt,
  state: "pending",
  changedAt,
});
const rec = (createdAt: number): QueuedRecitation => ({
  clientId: `c${createdAt}`,
  draft: {
    student_id: "s",
    kind: "new_memorization",
    start: { surah: 1, ayah: 1 },
    end: { surah: 1, ayah: 7 },
    rating: 3,
    mistakes: null,
    note: null,
  },
  recorded_at: new Date(createdAt).toISOString(),
  attempts: 0,
  state: "failed",
  createdAt,
});

describe("waitingSince", () => {
  it("counts only work older than the cut-off, across sessions, and names the oldest", () => {
    const result = waitingSince(
      [
        { sessionId: "a", marks: [mark(100), mark(900)], recitations: [rec(50)] },
        { sessionId: "b", marks: [mark(2000)], recitations: [] },
        { sessionId: "c", marks: [mark(300)], recitations: [] },
      ],
      1000,
    );
    expect(result).toEqual({ count: 4, oldest: 50, sessionIds: ["a", "c"] });
  });

  it("answers null when everything is from today", () => {
    expect(waitingSince([{ marks: [mark(2000)], recitations: [rec(3000)] }], 1000)).toBeNull();
    expect(waitingSince([], 1000)).toBeNull();
  });
});
