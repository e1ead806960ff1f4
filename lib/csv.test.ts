import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("audit CSV", () => {
  it("quotes every cell, doubles quotes and keeps Arabic and line breaks inside the cell", () => {
    expect(csvCell('He said "yes"')).toBe('"He said ""yes"""');
    expect(csvCell("عبد الله")).toBe('"عبد الله"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it("never lets a cell start a formula", () => {
    for (const text of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "  =1"])
      expect(csvCell(text).startsWith(`"'`), text).toBe(true);
    // Behind invisible characters, in fullwidth forms, and DDE's pipe (issue 30.10).
    for (const text of [
      "\u200B=1+1",
      "\u2060=1+1",
      "\uFEFF=1+1",
      "\uFF1D1+1",
      "\uFF0B1",
      "\uFF0D1",
      "\uFF20SUM(A1)",
      "|cmd",
      " \u200B +1",
      // Behind the marks Arabic text keeps, and the soft hyphen (issue 57.10).
      "\u200E=1+1",
      "\u200F+1",
      "\u061C=1+1",
      "\u00AD=1+1",
      "\u3164-1",
    ])
      expect(csvCell(text).startsWith(`"'`), JSON.stringify(text)).toBe(true);
    // A quote at the start is only text: doubled, not defused.
    expect(csvCell('"=1"')).toBe('"""=1"""');
    expect(csvCell("2026-11-22")).toBe('"2026-11-22"');
  });

  it("writes a BOM, the header and CRLF rows", () => {
    expect(toCsv(["a", "b"], [["1", null]])).toBe('\uFEFF"a","b"\r\n"1",""\r\n');
  });
});
