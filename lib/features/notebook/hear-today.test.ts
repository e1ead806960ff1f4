import { describe, expect, it } from "vitest";
import { pageOf } from "@/lib/quran";
import { unitBounds } from "@/lib/quran/cover";
import { hearToday, type HearRecitation } from "./hear-today";

const TZ = "Asia/Riyadh";
const TODAY = "2026-03-31";
const SETTINGS = { recentPages: 2, cycleDays: 30 };
let seq = 0;
const rec = (
  kind: HearRecitation["kind"],
  start: [number, number],
  end: [number, number],
  day: string,
): HearRecitation => ({
  id: `r${++seq}`,
  kind,
  range: { start: { surah: start[0], ayah: start[1] }, end: { surah: end[0], ayah: end[1] } },
  rating: 4,
  recorded_at: `${day}T08:00:00.000Z`,
});

describe("what to hear today", () => {
  it("takes the new lesson from the plan's segment, else continues after the last new memorisation", () => {
    const history = [
      rec("new_memorization", [78, 1], [78, 10], "2026-03-29"),
      rec("new_memorization", [78, 11], [78, 16], "2026-03-30"),
    ];
    const plan = { start: { surah: 78, ayah: 17 }, end: { surah: 78, ayah: 30 } };
    expect(hearToday(history, plan, TODAY, TZ, SETTINGS).newLesson).toEqual({ range: plan, source: "plan" });
    expect(hearToday(history, null, TODAY, TZ, SETTINGS).newLesson).toEqual({
      range: { start: { surah: 78, ayah: 17 }, end: { surah: 78, ayah: 22 } },
      source: "last",
    });
    expect(hearToday([], null, TODAY, TZ, SETTINGS)).toEqual({ newLesson: null, recent: null, old: null });
  });

  it("hears the last N pages memorised as one span, clipped to what is memorised", () => {
    // Al-Mulk (67) then Al-Qalam (68): memorised in mushaf order over several pages.
    const history = [
      rec("new_memorization", [67, 1], [67, 30], "2026-03-20"),
      rec("new_memorization", [68, 1], [68, 20], "2026-03-30"),
    ];
    const recent = hearToday(history, null, TODAY, TZ, SETTINGS).recent!;
    const lastPage = pageOf({ surah: 68, ayah: 20 });
    expect(recent.pages).toBe(2);
    expect(recent.range.end).toEqual({ surah: 68, ayah: 20 });
    expect(recent.range.start).toEqual(unitBounds("page", lastPage - 1).first);
  });

  it("suggests the memorised quarter most overdue by the revision cycle, never one of the recent pages, and nothing when none is due", () => {
    const history = [
      rec("new_memorization", [1, 1], [1, 7], "2026-01-01"),
      rec("new_memorization", [114, 1], [114, 6], "2026-01-02"),
      rec("old_revision", [1, 1], [1, 7], "2026-02-19"), // 40 days ago: 10 days overdue
      rec("old_revision", [114, 1], [114, 6], "2026-03-21"), // 10 days ago: not due
      rec("new_memorization", [113, 1], [113, 5], "2026-03-30"), // the recent pages
    ];
    const old = hearToday(history, null, TODAY, TZ, SETTINGS).old!;
    expect(old).toMatchObject({
      range: { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } },
      juz: 1,
      overdueDays: 10,
      lastRevised: "2026-02-19",
    });
    expect(hearToday(history, null, TODAY, TZ, { ...SETTINGS, cycleDays: 60 }).old).toBeNull();
  });

  it("counts a quarter never revised from the day it was memorised", () => {
    const history = [
      rec("new_memorization", [2, 1], [2, 5], "2026-01-10"),
      rec("new_memorization", [114, 1], [114, 6], "2026-03-30"),
    ];
    expect(hearToday(history, null, TODAY, TZ, SETTINGS).old).toMatchObject({
      range: { start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } },
      lastRevised: null,
      overdueDays: 50,
    });
  });
});
