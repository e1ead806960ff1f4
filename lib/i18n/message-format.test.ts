import { describe, expect, it } from "vitest";
import { translator } from "./core";
import { formatMessage, placeholdersOf, pluralsOf } from "./message-format";

const ARABIC = "{n, plural, zero {لا تغييرات} one {تغيير واحد} two {تغييران} few {# تغييرات} many {# تغييرًا} other {# تغيير}}";
const ENGLISH = "{n, plural, one {# change} other {# changes}} from {date}";

describe("plural messages", () => {
  it("chooses the Arabic form for 0, 1, 2, 3, 11 and 100", () => {
    const forms = [0, 1, 2, 3, 11, 100].map((n) => formatMessage("ar", ARABIC, { n }));
    expect(forms).toEqual(["لا تغييرات", "تغيير واحد", "تغييران", "٣ تغييرات", "١١ تغييرًا", "١٠٠ تغيير"]);
  });

  it("chooses the English form for 1 and 2, and fills the other placeholders", () => {
    expect(formatMessage("en", ENGLISH, { n: 1, date: "today" })).toBe("1 change from today");
    expect(formatMessage("en", ENGLISH, { n: 2, date: "today" })).toBe("2 changes from today");
    expect(formatMessage("en", ENGLISH, { n: 1200, date: "today" })).toBe("1,200 changes from today");
  });

  it("prefers an exact match over the category", () => {
    expect(formatMessage("en", "{n, plural, =0 {nothing} one {# thing} other {# things}}", { n: 0 })).toBe("nothing");
  });

  it("counts waiting changes with the right word in the catalogues", () => {
    const en = translator("en");
    const ar = translator("ar");
    expect([1, 2].map((n) => en("live.waiting", { n }))).toEqual(["1 change waiting", "2 changes waiting"]);
    expect([0, 1, 2, 3, 11, 100].map((n) => ar("live.waiting", { n }))).toEqual([
      "لا تغييرات بانتظار الإرسال",
      "تغيير واحد بانتظار الإرسال",
      "تغييران بانتظار الإرسال",
      "٣ تغييرات بانتظار الإرسال",
      "١١ تغييرًا بانتظار الإرسال",
      "١٠٠ تغيير بانتظار الإرسال",
    ]);
  });

  it("names a template's placeholders and plural arguments", () => {
    expect(placeholdersOf(ENGLISH)).toEqual(["date", "n"]);
    expect(pluralsOf(ENGLISH)).toEqual([{ name: "n", categories: ["one", "other"] }]);
    expect(pluralsOf("{name} is here")).toEqual([]);
  });

  it("rejects a plural without `other`, and unbalanced braces", () => {
    expect(() => formatMessage("en", "{n, plural, one {# x}}", { n: 1 })).toThrow(SyntaxError);
    expect(() => formatMessage("en", "a } b", {})).toThrow(SyntaxError);
  });
});
