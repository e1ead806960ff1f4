import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intlTag, LOCALES, negotiateLocale, numberFormat } from "./locales";

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
