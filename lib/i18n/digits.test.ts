import { describe, expect, it } from "vitest";
import { localDigits, toLatinDigits } from "./digits";

describe("digits", () => {
  it("reads Arabic-Indic, Persian and Latin digits alike", () => {
    expect(toLatinDigits("٨٠")).toBe("80");
    expect(toLatinDigits("۳۴")).toBe("34");
    expect(toLatinDigits("12a")).toBe("12a");
  });
  it("shows digits as the locale shows numbers, and back again", () => {
    expect(localDigits("286", "ar")).toBe("٢٨٦");
    expect(localDigits("286", "en")).toBe("286");
    expect(toLatinDigits(localDigits("1234567890", "ar"))).toBe("1234567890");
  });
});
