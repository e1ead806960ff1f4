import fc from "fast-check";
import { surahInfo } from "@/lib/quran";
import { describe, expect, it } from "vitest";
import { ASSIGNMENT_STATUSES, type Assignment } from "@/lib/contract";
import type { ChildView } from "@/lib/features/family/queries";
import { splitParentAssignments, toParentAssignments } from "@/lib/features/plans/parent-view";
import { composeWeekly } from "./compose-weekly";
import { dueWeek } from "./weekly-schedule";

const surahs = new Map([
  [67, { number: 67, name_arabic: "الملك", name_transliteration: "Al-Mulk" }],
  [78, { number: 78, name_arabic: "النبأ", name_transliteration: "An-Naba" }],
]);

function child(overrides: Partial<ChildView> = {}): ChildView {
  return {
    lineageId: "lin1",
    name: "Yusuf",
    documentName: "Yusuf Al-Harbi",
    halqaName: "Halqa Al-Fajr",
    semesterName: "Autumn",
    attendance: [
      { date: "2026-11-24", startsAt: "2026-11-24T13:00:00Z", status: "present", lateMinutes: null, open: false },
      { date: "2026-11-25", startsAt: "2026-11-25T13:00:00Z", status: "absent", lateMinutes: null, open: false },
      { date: "2026-11-10", startsAt: "2026-11-10T13:00:00Z", status: "late", lateMinutes: 5, open: false },
    ],
    recitations: [
      {
        id: "r1",
        recordedAt: "2026-11-25T13:30:00Z",
        kind: "new_memorization",
        range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 15 } },
        rating: "Very good",
        mistakes: 2,
      },
      {
        id: "r0",
        recordedAt: "2026-11-01T13:30:00Z",
        kind: "new_memorization",
        range: { start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: 10 } },
        rating: "Good",
        mistakes: 0,
      },
    ],
    assignments: { current: [], completed: [] },
    plan: null,
    attendanceFacts: {
      counted: 29,
      attended: 18,
      missed: 11,
      present: 16,
      late: 2,
      excused: 1,
      unmarked: 0,
      rate: 18 / 29,
      streak: { kind: "attended", sessions: 3 },
    },
    progress: {
      recitations: [
        {
          id: "r1",
          recorded_at: "2026-11-25T13:30:00Z",
          kind: "new_memorization",
          range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 15 } },
          rating: 4,
        },
        {
          id: "r0",
          recorded_at: "2026-11-01T13:30:00Z",
          kind: "new_memorization",
          range: { start: { surah: 78, ayah: 1 }, end: { surah: 78, ayah: 10 } },
          rating: 3,
        },
      ],
      ratingScale: [
        { value: 3, label: "Good", label_ar: "جيد" },
        { value: 4, label: "Very good", label_ar: "جيد جدًا" },
      ],
      timeZone: "Asia/Riyadh",
    },
    surahs,
    ...overrides,
  };
}

const base = {
  locale: "en" as const,
  schoolName: "Al-Noor",
  from: "2026-11-20",
  to: "2026-11-26",
  childUrl: "https://d.example/family/children/lin1",
  unsubscribeUrl: "https://d.example/api/notices/unsubscribe?token=a.b",
};

describe("composeWeekly", () => {
  it("lists the week's marks and recitations (surah, ayahs, the rating word), not older ones", () => {
    const mail = composeWeekly({ ...base, child: child() });
    expect(mail.subject).toBe("Yusuf: the week at the halqa, 20 Nov 2026 to 26 Nov 2026");
    expect(mail.text).toContain("24 Nov 2026 · ");
    expect(mail.text).toMatch(/25 Nov 2026 · [^:]+: absent/);
    expect(mail.text).toContain("Al-Mulk 1–15, rated Very good");
    expect(mail.text).not.toContain("An-Naba");
    expect(mail.text).not.toContain("10 Nov 2026");
  });

  it("lists every recitation of the week, more than the family page's ten most recent", () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      id: `m${i}`,
      recorded_at: `2026-11-2${i % 7}T1${i % 10}:00:00Z`,
      kind: "old_revision" as const,
      range: { start: { surah: 78, ayah: i + 1 }, end: { surah: 78, ayah: i + 2 } },
      rating: 3,
    }));
    const mail = composeWeekly({ ...base, child: child({ progress: { ...child().progress, recitations: many } }) });
    expect(mail.text.match(/, rated Good/g)).toHaveLength(14);
  });

  it("says the term's attendance as the family page does, links the child's page, and what to memorise and revise", () => {
    const segment = (order: number, trackType: "new_memorization" | "recent_revision", surah: number) => ({
      order,
      trackType,
      start: { surah, ayah: 1, surahNameArabic: null, surahNameTransliteration: null },
      end: { surah, ayah: 5, surahNameArabic: null, surahNameTransliteration: null },
    });
    const current = [
      {
        id: "a1",
        dueDate: "2026-11-28",
        status: "published" as const,
        explanation: null,
        segments: [segment(1, "new_memorization", 67), segment(2, "recent_revision", 78)],
        publishedAt: "2026-11-20T08:00:00Z",
        startedAt: null,
        completedAt: null,
      },
    ];
    const mail = composeWeekly({ ...base, child: child({ assignments: { current, completed: [] } }) });
    expect(mail.text).toContain("Attendance this term: 62%: attended 18 of 29 sessions, missed 11");
    expect(mail.text).toContain("Lately: attended the last 3 sessions");
    // What to memorise and what to revise, in the words of the family page (glance.ts).
    expect(mail.text).toContain("memorise Al-Mulk 1–5 and revise An-Naba 1–5: ");
    expect(mail.text).toContain("Everything about Yusuf on the family page: https://d.example/family/children/lin1");
    expect(mail.html).toContain(
      '<a href="https://d.example/family/children/lin1">Everything about Yusuf on the family page</a>',
    );
  });

  it("writes Arabic right to left with Arabic surah names", () => {
    const mail = composeWeekly({ ...base, locale: "ar", child: child() });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain(`${surahInfo(67)!.name_arabic} 1–15`);
  });

  it("shows only assignments of the parent allowlist, whatever states the school sends", () => {
    const state = fc.oneof(fc.constantFrom(...ASSIGNMENT_STATUSES), fc.string({ minLength: 1, maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), (states) => {
        const assignments: Assignment[] = states.map((status, i) => ({
          id: `a${i}`,
          plan_id: "p1",
          student_id: "s1",
          due_date: `2026-12-${String(i + 1).padStart(2, "0")}`,
          status: status as Assignment["status"],
          source: "automatic",
          explanation: `EXPLAIN${i}`,
          published_at: null,
          started_at: null,
          completed_at: status === "completed" ? "2026-11-25T10:00:00Z" : null,
          superseded_at: null,
          replaced_by_assignment_id: null,
          segments: [
            {
              order: 1,
              track_type: "new_memorization",
              range: { start: { surah: 67, ayah: i + 1 }, end: { surah: 67, ayah: i + 30 } },
            },
          ],
          created_at: "2026-11-01T00:00:00Z",
          updated_at: "2026-11-01T00:00:00Z",
        }));
        const mail = composeWeekly({
          ...base,
          child: child({ assignments: splitParentAssignments(toParentAssignments(assignments)) }),
        });
        const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
        states.forEach((status, i) => {
          const shown = all.includes(`Al-Mulk ${i + 1}–${i + 30}`);
          expect(shown, `${status} shown`).toBe(["published", "in_progress", "completed"].includes(status));
        });
        for (const word of ["draft", "pending_review", "scheduled", "postponed", "superseded", "cancelled"])
          expect(all).not.toContain(word);
      }),
      { numRuns: 200 },
    );
  });
});

describe("dueWeek", () => {
  const settings = { weeklyDay: 4, weeklyTime: "16:00" };
  it("is the seven days ending on the sending day, from its time until a day later, once", () => {
    expect(dueWeek(settings, "Asia/Riyadh", new Date("2026-11-26T12:59:00Z"), null)).toBeNull();
    expect(dueWeek(settings, "Asia/Riyadh", new Date("2026-11-26T13:00:00Z"), null)).toEqual({
      from: "2026-11-20",
      to: "2026-11-26",
    });
    expect(dueWeek(settings, "Asia/Riyadh", new Date("2026-11-27T12:00:00Z"), null)).toEqual({
      from: "2026-11-20",
      to: "2026-11-26",
    });
    expect(dueWeek(settings, "Asia/Riyadh", new Date("2026-11-27T13:01:00Z"), null)).toBeNull();
    expect(dueWeek(settings, "Asia/Riyadh", new Date("2026-11-26T14:00:00Z"), "2026-11-26")).toBeNull();
  });
});
