import fc from "fast-check";
import { describe, expect, it } from "vitest";
import compile from "icu-minify/compile";
import { formatCompiled } from "./compiled";
import { intlTag, LOCALES, negotiateLocale, numberFormat, tagNumberFormat } from "./locales";

describe("negotiateLocale (Accept-Language)", () => {
  it("takes the first of ours by quality, whatever the region", () => {
    expect(negotiateLocale("fr-FR,fr;q=0.9,en;q=0.5")).toBe("fr");
    expect(negotiateLocale("de-DE, ur-PK;q=0.8, ar;q=0.9")).toBe("ar");
    expect(negotiateLocale("EN-gb")).toBe("en");
    expect(negotiateLocale("ms;q=0.5, id;q=0.5")).toBe("ms");
  });

  it("answers null (the school's default) for none of ours, and for malformed or missing input", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "*",
      "de-DE,ja;q=0.9",
      ";;;,,,",
      "fr;q=0",
      "fr;q=abc",
      "fr;q=2",
      "q=1",
      "\u0000ar",
      "\uD800ar",
      "x".repeat(100_000),
    ]) {
      expect(negotiateLocale(bad)).toBeNull();
    }
    expect(negotiateLocale(`${"de,".repeat(300)}tr`)).toBe("tr");
  });

  it("never throws, and answers one of ours or null for any string", () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        const locale = negotiateLocale(header);
        expect(locale === null || LOCALES.includes(locale)).toBe(true);
      }),
    );
  });
});

describe("digits (one place: intlTag)", () => {
  it("writes Western digits in every language by default", () => {
    for (const locale of LOCALES) expect(numberFormat(locale).format(1234567)).toMatch(/^1\D?234\D?567$/);
  });

  it("writes Arabic-Indic digits in Arabic and Extended Arabic-Indic in Urdu when the school chooses them, Western elsewhere", () => {
    expect(numberFormat("ar", "native").format(34)).toBe("٣٤");
    expect(numberFormat("ur", "native").format(34)).toBe("۳۴");
    expect(numberFormat("fr", "native").format(34)).toBe("34");
    expect(intlTag("ur", "native", "islamic-umalqura")).toBe("ur-PK-u-ca-islamic-umalqura-nu-arabext");
  });
});

describe("numberFormat writes what Intl.NumberFormat writes (its small whole numbers without building one)", () => {
  const tags = LOCALES.flatMap((locale) =>
    (["western", "native"] as const).map((numerals) => intlTag(locale, numerals)),
  );

  it("for every language and choice of digits, on whole numbers, fractions, negatives and large numbers", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tags),
        fc.oneof(
          fc.integer({ min: 0, max: 999 }),
          fc.integer({ min: -2_000_000, max: 2_000_000 }),
          fc.double({ min: -1e6, max: 1e6, noNaN: true }),
          fc.constantFrom(-0, 999.5, 1000, Number.NaN, Infinity),
        ),
        (tag, value) => {
          expect(tagNumberFormat(tag).format(value)).toBe(new Intl.NumberFormat(tag).format(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("every number from 0 to 999, in each digits table", () => {
    for (const tag of tags) {
      const intl = new Intl.NumberFormat(tag);
      for (let n = 0; n < 1000; n++) expect(tagNumberFormat(tag).format(n)).toBe(intl.format(n));
    }
  });

  it("a plural's # and a message's number read the same through the compiled messages", () => {
    const message = compile("{n, plural, one {# student} other {# students}} of {total}");
    for (const locale of LOCALES)
      for (const numerals of ["western", "native"] as const)
        for (const n of [0, 1, 2, 7, 42, 999, 1000, 12345]) {
          const expected = `${new Intl.NumberFormat(intlTag(locale, numerals)).format(n)} ${
            new Intl.PluralRules(intlTag(locale, numerals)).select(n) === "one" ? "student" : "students"
          } of ${new Intl.NumberFormat(intlTag(locale, numerals)).format(n + 1)}`;
          expect(formatCompiled(locale, message, { n, total: n + 1 }, numerals)).toBe(expected);
        }
  });
});
