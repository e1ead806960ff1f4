import { describe, expect, it } from "vitest";
import { localDigits, toLatinDigits } from "./digits";

describe("digits", () => {
  it("reads Arabic-Indic, Persian and Latin digits alike", () => {
    expect(toLatinDigits("٨٠")).toBe("80");
    expect(toLatinDigits("۳۴")).toBe("34");
    expect(toLatinDigits("12a")).toBe("12a");
  });
  it("shows digits as the school's numbers are shown (Western by default), and back again", () => {
    expect(localDigits("286", "ar")).toBe("286");
    expect(localDigits("286", "ar", "native")).toBe("٢٨٦");
    expect(localDigits("286", "ur", "native")).toBe("۲۸۶");
    expect(localDigits("286", "en", "native")).toBe("286");
    expect(toLatinDigits(localDigits("1234567890", "ar", "native"))).toBe("1234567890");
    expect(toLatinDigits(localDigits("1234567890", "ur", "native"))).toBe("1234567890");
  });
});
