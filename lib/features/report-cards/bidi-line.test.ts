import { describe, expect, it } from "vitest";
import { visualRuns } from "./bidi-line";

const joined = (text: string, direction: "ltr" | "rtl") => visualRuns(text, direction).map((run) => run.text);

describe("visualRuns", () => {
  it("keeps a left-to-right line as one run", () => {
    expect(joined("Attendance: 12 of 14", "ltr")).toEqual(["Attendance: 12 of 14"]);
  });

  it("puts the first Arabic word of a right-to-left line at the right end, each word in logical order", () => {
    const runs = visualRuns("اسم الطالب: Ahmed", "rtl");
    expect(runs.at(-1)).toEqual({ text: "اسم الطالب: ", rtl: true });
    expect(runs[0]).toEqual({ text: "Ahmed", rtl: false });
  });

  it("hands Arabic-Indic digits over reversed, since fontkit would reverse them again", () => {
    const runs = visualRuns("الحضور ١٢", "rtl");
    expect(runs[0]).toEqual({ text: "٢١", rtl: false });
  });

  it("mirrors the brackets of right-to-left runs, so (Ahmed) reads as a bracketed name beside Arabic", () => {
    expect(joined("(Ahmed) علي", "rtl")).toEqual(["( علي", "Ahmed", ")"]);
  });

  it("drops isolates from what is drawn", () => {
    expect(joined("\u2068١ رجب\u2069", "rtl").join("")).not.toMatch(/[\u2066-\u2069]/);
  });
});
