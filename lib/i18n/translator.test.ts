import compile from "icu-minify/compile";
import { describe, expect, it } from "vitest";
import { clientMessages, translator } from "./core";
import { formatCompiled, selectorsOf } from "./compiled";
import { localValues } from "./values";

describe("translator (ICU messages, formatted by next-intl)", () => {
  it("counts waiting changes with the right form in Arabic (all six), English, French and Indonesian", () => {
    const ar = translator("ar", "native");
    expect([0, 1, 2, 3, 11, 100].map((n) => ar("live.waiting", { n }))).toEqual([
      "لا تغييرات بانتظار الإرسال",
      "تغيير واحد بانتظار الإرسال",
      "تغييران بانتظار الإرسال",
      "٣ تغييرات بانتظار الإرسال",
      "١١ تغييرًا بانتظار الإرسال",
      "١٠٠ تغيير بانتظار الإرسال",
    ]);
    const en = translator("en");
    expect([1, 2, 1200].map((n) => en("live.waiting", { n }))).toEqual([
      "1 change waiting",
      "2 changes waiting",
      "1,200 changes waiting",
    ]);
  });

  it("writes a plain number in the reader's digits, and fills the other placeholders", () => {
    expect(translator("ar", "native")("home.attendanceCount", { present: 10, late: 1, absent: 20, excused: 0 })).toBe(
      "حاضر: ١٠، متأخر: ١، غائب: ٢٠، معذور: ٠",
    );
    expect(translator("ar")("home.attendanceCount", { present: 10, late: 1, absent: 20, excused: 0 })).toBe(
      "حاضر: 10، متأخر: 1، غائب: 20، معذور: 0",
    );
    expect(translator("ur", "native")("live.waiting", { n: 3 })).toMatch(/۳/);
    expect(translator("en")("home.attendanceCount", { present: 1200, late: 1, absent: 20, excused: 0 })).toContain(
      "1,200",
    );
    expect(translator("en")("errors.insufficientScope", { scope: "learning_plans:read" })).toContain(
      "learning_plans:read",
    );
  });

  it("writes the digits of a message's own words in the school's digits too, never those of a value filled in", () => {
    const ar = translator("ar", "native");
    expect(ar("quranMap.legend.week")).toBe("رُوجع في آخر ٧ أيام");
    const summary = ar("quranMap.summary", { percent: 16, ayahs: 1007, quarters: 3 });
    expect(summary).toContain("٦٢٣٦");
    expect(summary).toContain("٢٤٠");
    expect(summary).not.toMatch(/[0-9]/);
    expect(ar("errors.insufficientScope", { scope: "scope_2" })).toContain("scope_2");
    expect(ar("admin.languages.numeralsWestern", { digits: "0 1 2 3" })).toContain("(0 1 2 3)");
    expect(translator("ar")("quranMap.legend.week")).toBe("رُوجع في آخر 7 أيام");
    // The browser's formatting of the same message agrees.
    const compiled = clientMessages("ar", ["quranMap.summary"]) as unknown as { quranMap: { summary: never } };
    expect(formatCompiled("ar", compiled.quranMap.summary, { percent: 16, ayahs: 1007, quarters: 3 }, "native")).toBe(
      summary,
    );
    expect(translator("ur", "native")("quranMap.legend.week")).toMatch(/۷/);
  });

  it("keeps a plural argument's number for choosing its form, and formats the plain ones", () => {
    expect(
      localValues(
        "ar",
        selectorsOf(compile("{n, plural, one {# x} other {# y}} {m}")),
        { n: 3, m: 3, s: "a" },
        "native",
      ),
    ).toEqual({ n: 3, m: "٣", s: "a" });
  });

  it("without values gives the template itself (client components fill it), and a key no catalogue has reads as its name", () => {
    expect(translator("en")("live.waiting")).toMatch(/^\{n, plural,/);
    expect(translator("en")("live.nothingHere" as never)).toBe("live.nothingHere");
  });

  it("formats a message compiled for the browser exactly as the server formats it, in every language", () => {
    for (const locale of ["en", "ar", "ur", "id", "ms", "tr", "fr"] as const) {
      const compiled = clientMessages(locale, ["live.waiting", "home.attendanceCount"]);
      for (const n of [0, 1, 2, 3, 11, 100, 1200])
        expect(formatCompiled(locale, compiled.live!.waiting, { n })).toBe(translator(locale)("live.waiting", { n }));
      const counts = { present: 10, late: 1, absent: 20, excused: 0 };
      expect(formatCompiled(locale, compiled.home!.attendanceCount, counts)).toBe(
        translator(locale)("home.attendanceCount", counts),
      );
    }
  });
});

describe("messages compiled for the browser", () => {
  it("are plain data, as React sends to client components (no prototype-less maps)", () => {
    const plain = (node: unknown): boolean =>
      typeof node === "string" ||
      typeof node === "number" ||
      (Array.isArray(node)
        ? node.every(plain)
        : node !== null &&
          typeof node === "object" &&
          Object.getPrototypeOf(node) === Object.prototype &&
          Object.values(node).every(plain));
    expect(plain(clientMessages("ar", ["live", "students.status"]))).toBe(true);
  });
});
