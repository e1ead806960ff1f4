import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calledName, documentName, recordNames, rowNames } from "./display-names";

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

describe("calledName and documentName", () => {
  const aboud = { full_name: "Abdullah Saeed Al-Harbi", preferred_name: "Aboud" };
  it("calls a student by the preferred name, else the full name", () => {
    expect(calledName(aboud)).toBe("Aboud");
    expect(calledName({ ...aboud, preferred_name: "  " })).toBe(aboud.full_name);
    expect(calledName({ ...aboud, preferred_name: null })).toBe(aboud.full_name);
  });
  it("names a student in full on a document, the preferred name beside it unless the full name holds it", () => {
    expect(documentName(aboud)).toBe("Abdullah Saeed Al-Harbi (Aboud)");
    expect(documentName({ ...aboud, preferred_name: null })).toBe(aboud.full_name);
    expect(documentName({ full_name: "Yusuf Al-Harbi", preferred_name: "yusuf" })).toBe("Yusuf Al-Harbi");
    expect(documentName({ full_name: "عبد الله الحربي", preferred_name: "عبود" })).toBe("عبد الله الحربي (عبود)");
    expect(documentName({ full_name: "Alia Karim", preferred_name: "Ali" })).toBe("Alia Karim (Ali)");
  });
  it("always starts with the full name, so documents ordered by full name read in order", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string()), (full_name, preferred_name) =>
        documentName({ full_name, preferred_name }).startsWith(full_name),
      ),
    );
  });
});
