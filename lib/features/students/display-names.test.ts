import { describe, expect, it } from "vitest";
import { recordNames, rowNames } from "./display-names";

const named = (id: string, full_name: string, preferred_name: string | null) => ({ id, full_name, preferred_name });

describe("recordNames (a CSV's names)", () => {
  it("writes the full name even where the preferred name alone would be unique on screen", () => {
    const students = [named("a", "Abdulmalik Rahman", "Malik"), named("b", "Yusuf Ali", null)];
    expect(rowNames(students).get("a")).toBe("Malik");
    expect(recordNames(students)).toEqual(
      new Map([
        ["a", "Abdulmalik Rahman"],
        ["b", "Yusuf Ali"],
      ]),
    );
  });

  it("numbers two students who share a full name, in the given order", () => {
    expect(
      recordNames([
        named("a", "Abdulmalik Rahman", "Malik"),
        named("b", "Abdulmalik Rahman", "Malik"),
        named("c", "Malik Hassan", null),
      ]),
    ).toEqual(
      new Map([
        ["a", "Abdulmalik Rahman (1)"],
        ["b", "Abdulmalik Rahman (2)"],
        ["c", "Malik Hassan"],
      ]),
    );
  });
});
