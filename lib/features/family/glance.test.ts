import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/core";
import { surahInfo } from "@/lib/quran";
import type { ParentSegment } from "@/lib/features/plans/parent-view";
import { assignmentWork, todayText, trackText, weekText } from "./glance";
import type { ChildView } from "./queries";

const en = i18nFor("en", "Asia/Riyadh");
const ar = i18nFor("ar", "Asia/Riyadh");
const point = (surah: number, ayah: number) => ({ surah, ayah, surahNameArabic: null, surahNameTransliteration: null });
const segment = (trackType: ParentSegment["trackType"], surah: number, from: number, to: number): ParentSegment => ({
  order: 1,
  trackType,
  start: point(surah, from),
  end: point(surah, to),
});
const mark = (startsAt: string, status: ChildView["attendance"][number]["status"], open = false) => ({
  date: "2026-12-07",
  startsAt,
  status,
  lateMinutes: null,
  open,
});

describe("a family's glance at a child", () => {
  it("says what an assignment asks from its segments, in the family's language", () => {
    const segments = [segment("new_memorization", 113, 1, 3), segment("recent_revision", 114, 1, 6)];
    expect(assignmentWork(segments, en)).toBe("memorise Al-Falaq 1–3 and revise An-Naas 1–6");
    expect(assignmentWork(segments, ar)).toBe(
      `حفظ ${surahInfo(113)!.name_arabic} 1–3 ومراجعة ${surahInfo(114)!.name_arabic} 1–6`,
    );
  });

  it("says this week's work from the current assignments, or that there is none, or nothing without shared plans", () => {
    const assignment = { segments: [segment("new_memorization", 113, 1, 3)] } as never;
    expect(weekText({ assignments: { current: [assignment], completed: [] } }, en)).toBe(
      "This week: memorise Al-Falaq 1–3.",
    );
    expect(weekText({ assignments: { current: [], completed: [assignment] } }, en)).toBe(
      "Nothing set to practise this week.",
    );
    expect(weekText({ assignments: null }, en)).toBeNull();
  });

  it("says today's mark from the day's latest session: a later register supersedes the earlier", () => {
    const today = "2026-12-07";
    expect(todayText({ attendance: [] }, today, en)).toBe("No class today.");
    expect(
      todayText(
        { attendance: [mark("2026-12-07T05:00:00Z", "absent"), mark("2026-12-07T09:00:00Z", "late")] },
        today,
        en,
      ),
    ).toBe("Today: Late.");
    expect(todayText({ attendance: [mark("2026-12-07T09:00:00Z", null, true)] }, today, en)).toBe(
      "Today's class is under way; not marked yet.",
    );
    expect(
      todayText({ attendance: [{ ...mark("2026-12-06T09:00:00Z", "present"), date: "2026-12-06" }] }, today, en),
    ).toBe("No class today.");
  });
});

describe("a family's plan in sentences", () => {
  const plan = { from: { surah: 114, ayah: 1 }, to: { surah: 67, ayah: 1 } };
  it("says each track's share of the way between the plan's ends, done, or not started", () => {
    expect(trackText({ type: "new_memorization", percent: 12, completed: false }, plan, en)).toBe(
      "New memorisation: 12% of the way from An-Naas to Al-Mulk.",
    );
    expect(trackText({ type: "old_revision", percent: 100, completed: true }, plan, en)).toBe("Old revision: done.");
    expect(trackText({ type: "recent_revision", percent: 0, completed: false }, plan, en)).toBe(
      "Recent revision: not started yet.",
    );
  });
});
