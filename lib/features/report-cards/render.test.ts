import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCHOOL } from "@/lib/features/notices/testing/fixture";
import { i18nFor, type Locale } from "@/lib/i18n/core";
import { reportCard } from "./card";
import { renderCards } from "./render";
import { child, TERM, TODAY } from "./testing/fixture";

/** The text of a PDF as poppler's pdftotext reads it (Debian poppler-utils; .ci/run installs it), bidi marks dropped. */
export function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "card-")), "card.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");
}

const COMMENT = "أحسن يوسف في الحفظ هذا الفصل";

async function rendered(locale: Locale, count = 1) {
  const i18n = i18nFor(locale, SCHOOL.time_zone);
  const cards = Array.from({ length: count }, () => reportCard({ child: child(locale), school: SCHOOL, term: TERM, today: TODAY, comment: COMMENT }, locale));
  const bytes = await renderCards(cards, i18n);
  return { bytes, text: pdfText(bytes) };
}

describe("the report card PDF", () => {
  it("is an A4 PDF whose Arabic reads back shaped and in logical order", async () => {
    const { bytes, text } = await rendered("ar");
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    for (const phrase of ["بطاقة التقرير الفصلي", "مدرسة النور", "حلقة الفجر", COMMENT, "نسبة الحضور", "مراجعة قريبة", "حفظ جديد في هذا الفصل"]) expect(text).toContain(phrase);
    // The figures of the records: 3 present, 1 late, 1 absent, 1 excused; 4 of 5 counted sessions is 80%.
    // (pdftotext places a number beside Arabic words by its own rules, so the line's numbers are compared as a set.)
    const counts = text.split("\n").find((line) => line.includes("حاضر") && line.includes("معذور")) ?? "";
    expect(counts.match(/\d+/g)?.sort()).toEqual(["1", "1", "1", "3"]);
    const rate = text.split("\n").find((line) => line.includes("نسبة الحضور")) ?? "";
    expect(rate.match(/\d+/g)?.sort()).toEqual(["5", "80"]);
  });

  it("reads in English with the Arabic names and comment intact", async () => {
    const { text } = await rendered("en");
    for (const phrase of ["Term report card", "Al-Noor Quran School", "Present 3, late 1, absent 1, excused 1", "Attendance rate: 80% of 5 sessions", "Yusuf Ahmed", "Very good"]) expect(text).toContain(phrase);
    for (const word of COMMENT.split(" ")) expect(text).toContain(word);
    expect(text).not.toContain("staff-only");
  });

  it("puts one card a page", async () => {
    const { text } = await rendered("en", 3);
    expect(text.split("\f").filter((page) => page.includes("Term report card"))).toHaveLength(3);
  });
});
