import { describe, expect, it } from "vitest";
import { SCHOOL } from "@/tests/support/features/notices/fixture";
import { i18nFor, type Locale } from "@/lib/i18n/core";
import { reportCard } from "./card";
import { renderCards } from "./render";
import { child, TERM, TODAY } from "@/tests/support/features/report-cards/fixture";
import { pdfText } from "@/tests/support/features/report-cards/pdf-text";

const COMMENT = "أحسن يوسف في الحفظ هذا الفصل";

async function rendered(locale: Locale, count = 1) {
  const i18n = i18nFor(locale, SCHOOL.time_zone);
  const cards = Array.from({ length: count }, () =>
    reportCard({ child: child(locale), school: SCHOOL, term: TERM, today: TODAY, comment: COMMENT }, locale),
  );
  const bytes = await renderCards(cards, i18n);
  return { bytes, text: pdfText(bytes) };
}

describe("the report card PDF", () => {
  it("is an A4 PDF whose Arabic reads back shaped and in logical order", async () => {
    const { bytes, text } = await rendered("ar");
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    for (const phrase of [
      "بطاقة التقرير الفصلي",
      "مدرسة النور",
      "حلقة الفجر",
      COMMENT,
      "نسبة الحضور",
      "مراجعة قريبة",
      "حفظ جديد في هذا الفصل",
    ])
      expect(text).toContain(phrase);
    // The figures of the records: 3 present, 1 late, 1 absent, 1 excused; 4 of 5 counted sessions is 80%.
    // (pdftotext places a number beside Arabic words by its own rules, so the line's numbers are compared as a set.)
    const counts = text.split("\n").find((line) => line.includes("حاضر") && line.includes("معذور")) ?? "";
    expect(counts.match(/\d+/g)?.sort()).toEqual(["1", "1", "1", "3"]);
    const rate = text.split("\n").find((line) => line.includes("نسبة الحضور")) ?? "";
    expect(rate.match(/\d+/g)?.sort()).toEqual(["5", "80"]);
  });

  it("reads in English with the Arabic names and comment intact", async () => {
    const { text } = await rendered("en");
    for (const phrase of [
      "Term report card",
      "Al-Noor Quran School",
      "Present 3, late 1, absent 1, excused 1",
      "Attendance rate: 80% of 5 sessions",
      "Yusuf Ahmed",
      "Very good",
    ])
      expect(text).toContain(phrase);
    for (const word of COMMENT.split(" ")) expect(text).toContain(word);
    expect(text).not.toContain("staff-only");
  });

  it("keeps the teacher's comment on a full card's one page, the lists ending with what is left out", async () => {
    const full = reportCard(
      {
        child: child("en"),
        school: SCHOOL,
        term: TERM,
        today: TODAY,
        comment: "Keep revising daily. ".repeat(30) + "THE END",
      },
      "en",
    );
    const many = Array.from({ length: 40 }, (_, i) => ({
      day: "2026-10-20",
      kind: "old_revision" as const,
      range: { start: { surah: 60 + i, ayah: 1 }, end: { surah: 60 + i, ayah: 3 } },
      rating: "Good",
    }));
    const crowded = {
      ...full,
      recitations: { ...full.recitations, list: many, total: 40 },
      quran: { ...full.quran, surahs: many.map((_, i) => ({ ...full.quran.surahs[0]!, surah: 60 + i })) },
    };
    const text = pdfText(await renderCards([crowded], i18nFor("en", SCHOOL.time_zone)));
    expect(text.split("\f").filter((page) => page.trim())).toHaveLength(1);
    expect(text).toContain("THE END");
    expect(text).toMatch(/… and \d+ more surahs/);
    expect(text).toMatch(/… and \d+ earlier recitations/);
  });

  it("puts one card a page", async () => {
    const { text } = await rendered("en", 3);
    expect(text.split("\f").filter((page) => page.includes("Term report card"))).toHaveLength(3);
  });
});
