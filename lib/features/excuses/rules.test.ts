import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { EXCUSE_DAYS_AHEAD, EXCUSE_REASON_MAX } from "./limits";
import { dateProblem, ExcuseInput } from "./rules";
import { hasBidiControls } from "@/lib/contract";
import { visiblePart } from "@/lib/contract/invisible";

const day = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const fieldOf = (input: unknown) => {
  const parsed = ExcuseInput.safeParse(input);
  return parsed.success
    ? null
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("an excuse request's date", () => {
  it("is accepted from today to 30 days ahead, refused before and after, whatever today is", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), (today, offset) => {
        const problem = dateProblem(addDays(today, offset), today);
        if (offset < 0) expect(problem).toBe("excuses.validation.past");
        else if (offset > EXCUSE_DAYS_AHEAD) expect(problem).toBe("excuses.validation.tooFar");
        else expect(problem).toBeNull();
      }),
    );
  });

  it("must be a real calendar date", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "tomorrow", "", "2026-01-01T00:00"])
      expect(fieldOf({ lineageId: "lin", day: bad, reason: "ill" })).toMatchObject({ day: "excuses.validation.date" });
  });
});

describe("an excuse request's reason", () => {
  it("is refused when empty (after trimming) or over 300 characters, as a catalogue key", () => {
    expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason: "   " })).toMatchObject({
      reason: "excuses.validation.reasonEmpty",
    });
    expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason: "x".repeat(EXCUSE_REASON_MAX + 1) })).toMatchObject({
      reason: "excuses.validation.reasonLong",
    });
    expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason: "x".repeat(100_000) })).toMatchObject({
      reason: "excuses.validation.reasonLong",
    });
  });

  it("counts characters as a person does (an emoji or an Arabic letter is one), and keeps markup as text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 400 }), (text) => {
        const reason = text.trim();
        const parsed = ExcuseInput.safeParse({ lineageId: "lin", day: "2026-01-01", reason: text });
        const fits = visiblePart(reason) !== "" && !hasBidiControls(reason) && [...reason].length <= EXCUSE_REASON_MAX;
        expect(parsed.success).toBe(fits);
        if (parsed.success) expect(parsed.data.reason).toBe(reason);
      }),
    );
    const ok = ExcuseInput.parse({
      lineageId: "lin",
      day: "2026-01-01",
      reason: "<script>alert(1)</script> مسافرون 🚗",
    });
    expect(ok.reason).toBe("<script>alert(1)</script> مسافرون 🚗");
  });

  it("follows the text rule of names and notes: nothing that reorders the text, something a reader sees", () => {
    for (const reason of ["ill \u202Eevil", "\u2066x\u2069"])
      expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason }), JSON.stringify(reason)).toMatchObject({
        reason: "excuses.validation.reasonControls",
      });
    for (const reason of ["\u200B\u200B", "\u3164", " \u00AD "])
      expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason }), JSON.stringify(reason)).toMatchObject({
        reason: "excuses.validation.reasonEmpty",
      });
    expect(ExcuseInput.parse({ lineageId: "lin", day: "2026-01-01", reason: "مريض\u200F اليوم" }).reason).toBe(
      "مريض\u200F اليوم",
    );
  });

  it("never takes a NUL or an unpaired surrogate (the store could not keep it)", () => {
    expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason: "a\u0000b" })).toHaveProperty("reason");
    expect(fieldOf({ lineageId: "lin", day: "2026-01-01", reason: "a\ud800b" })).toHaveProperty("reason");
  });
});
