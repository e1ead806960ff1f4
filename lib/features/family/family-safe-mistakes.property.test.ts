import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Recitation, Surah } from "@/lib/contract";
import { composeWeekly } from "@/lib/features/notices/compose-weekly";
import { SCHOOL, student } from "@/tests/support/features/notices/fixture";
import { childView, type ChildParts } from "./queries";

/**
 * Invariant 10 for the teachers' mistake detail (issue 29): whatever a recitation carries besides the
 * contract's fields (typed, placed taps; a teacher's note), the family view keeps only its allowlist,
 * and neither the view nor a weekly summary built from it contains a mistake's type or place.
 */
const FAMILY_RECITATION_KEYS = ["id", "kind", "mistakes", "range", "rating", "recordedAt"];
const MAP_RECITATION_KEYS = ["id", "kind", "range", "rating", "recorded_at"];

const recitation = fc.record({
  ayah: fc.integer({ min: 1, max: 30 }),
  taps: fc.array(
    fc.record({
      type: fc.constantFrom("memorisation", "hesitation", "tajweed", "stop"),
      ayah: fc.integer({ min: 1, max: 30 }),
    }),
    { maxLength: 5 },
  ),
  day: fc.integer({ min: 20, max: 26 }),
  note: fc.boolean(),
});

describe("the family view never carries a mistake detail", () => {
  it("keeps each recitation's allowlisted fields only, in the page and in the weekly summary", () => {
    fc.assert(
      fc.property(
        fc.array(recitation, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("en" as const, "ar" as const),
        (generated, locale) => {
          const recitations = generated.map((g, i) => {
            const r: Recitation = {
              id: `r${i}`,
              session_id: "se",
              student_id: "s1",
              kind: "new_memorization",
              range: { start: { surah: 67, ayah: g.ayah }, end: { surah: 67, ayah: g.ayah } },
              rating: 2,
              mistakes: g.taps.length,
              note: g.note ? `NOTE${i}Z` : null,
              recorded_at: `2026-11-${g.day}T10:00:00.000Z`,
              created_at: `2026-11-${g.day}T10:00:00.000Z`,
              updated_at: `2026-11-${g.day}T10:00:00.000Z`,
            };
            // What a careless join with the notebook's store would add to the record.
            return Object.assign(r, {
              taps: g.taps.map((tap) => ({ type: `MISTAKE-${tap.type}-Z`, at: { surah: 67, ayah: tap.ayah } })),
              mistake_detail: "DETAILZ",
            });
          });
          const parts: ChildParts = {
            lineageId: "lin-s1",
            student: student("s1", "Yusuf"),
            school: SCHOOL,
            semesters: [],
            surahs: [
              {
                number: 67,
                name_arabic: "الملك",
                name_transliteration: "Al-Mulk",
                name_english: "The Sovereignty",
                ayah_count: 30,
                start_juz: 29,
              } as unknown as Surah,
            ],
            halqaName: "Halqa Al-Fajr",
            recitations,
            shared: null,
            stored: { recitations: [], attendance: [] },
            live: [],
          };
          const view = childView(parts, locale);
          for (const r of view.recitations) expect(Object.keys(r).sort()).toEqual(FAMILY_RECITATION_KEYS);
          for (const r of view.progress.recitations) expect(Object.keys(r).sort()).toEqual(MAP_RECITATION_KEYS);
          const mail = composeWeekly({
            locale,
            schoolName: "Al-Noor",
            from: "2026-11-20",
            to: "2026-11-26",
            child: view,
            childUrl: "https://d.example/family/children/lin1",
            unsubscribeUrl: "https://d.example/u?token=a.b",
          });
          const all = JSON.stringify({ view: { ...view, surahs: [...view.surahs] }, mail });
          expect(all).not.toMatch(/MISTAKE-|DETAILZ|NOTE\d+Z/);
        },
      ),
      { numRuns: 50 },
    );
  });
});
