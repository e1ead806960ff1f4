import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./audit-csv";

describe("audit CSV", () => {
  it("quotes every cell, doubles quotes and keeps Arabic and line breaks inside the cell", () => {
    expect(csvCell('He said "yes"')).toBe('"He said ""yes"""');
    expect(csvCell("عبد الله")).toBe('"عبد الله"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
  });

  it("never lets a cell start a formula", () => {
    for (const text of ["=HYPERLINK(\"x\")", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "  =1"]) expect(csvCell(text).startsWith(`"'`), text).toBe(true);
    expect(csvCell("2026-11-22")).toBe('"2026-11-22"');
  });

  it("writes a BOM, the header and CRLF rows", () => {
    expect(toCsv(["a", "b"], [["1", null]])).toBe('\uFEFF"a","b"\r\n"1",""\r\n');
  });
});
