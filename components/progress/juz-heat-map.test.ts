import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18nFor } from "@/lib/i18n/core";
import { emptyCurrency } from "@/lib/features/progress/currency";
import { JuzHeatMap } from "./juz-heat-map";

const cells = emptyCurrency().map((cell) =>
  cell.juz === 1 ? { ...cell, lastHeard: "2026-11-20", days: 4, bucket: "fresh" as const } : cell,
);
const students = [{ id: "stu_1", name: "عبد الله", cells }];

function render(locale: "en" | "ar") {
  return renderToStaticMarkup(
    createElement(JuzHeatMap, {
      id: "m",
      halqaName: "Al-Noor",
      students,
      i18n: i18nFor(locale, "Asia/Riyadh"),
    }),
  );
}

/** The x of the cell whose title names juz `juz`. */
function xOf(html: string, label: RegExp): number {
  const rects = [...html.matchAll(/<rect x="(\d+)"[^>]*><title>([^<]*)<\/title>/g)];
  const found = rects.find((m) => label.test(m[2]!));
  if (!found) throw new Error(`no cell ${label}`);
  return Number(found[1]);
}

describe("JuzHeatMap", () => {
  it("is one labelled image with a title per cell, and the same facts as a table", () => {
    const html = render("en");
    expect(html).toMatch(/<svg role="img" aria-labelledby="m-title"/);
    expect(html).toContain(
      '<title id="m-title">Students by juz of Al-Noor: how long since each juz was last heard</title>',
    );
    expect(html).toMatch(/juz 1: last heard on .*4 days ago/);
    expect(html).toContain("juz 30: Not heard this year");
    expect(html).toMatch(/<caption[^>]*>Juz of Al-Noor by how recently each student was heard there<\/caption>/);
    // The colour of the last 7 days, as on a student's Quran map (not the school's "not heard in N days").
    expect(html).toContain("Heard in the last 7 days");
  });

  it("runs left to right in English and right to left in Arabic (juz 1 first in reading order)", () => {
    const en = render("en");
    expect(xOf(en, /juz 1:/)).toBeLessThan(xOf(en, /juz 30:/));
    const ar = render("ar");
    expect(xOf(ar, /الجزء 1:/)).toBeGreaterThan(xOf(ar, /الجزء 30:/));
    expect(ar).toContain('direction="rtl"');
  });
});
