import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, readImportFile } from "./read-file";
import { IMPORT_MAX_COLUMNS } from "./limits";
import { handMadeXlsx, inlineRow, zipBomb } from "@/tests/support/features/students/import/hand-made-xlsx";

const utf8 = (text: string) => new TextEncoder().encode(text);

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Students");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("readImportFile", () => {
  it("reads a UTF-8 CSV with a BOM, Arabic and cells that look like formulas as the text they are", async () => {
    const reading = await readImportFile(
      utf8('\uFEFFfull_name,halqa\r\nعبد الله بن عمر,Al-Fajr\r\n"=1+1",Al-Fajr\r\n\r\n'),
    );
    expect(reading).toEqual({
      ok: true,
      kind: "csv",
      table: {
        header: ["full_name", "halqa"],
        rows: [
          { line: 2, cells: ["عبد الله بن عمر", "Al-Fajr"] },
          { line: 3, cells: ["=1+1", "Al-Fajr"] },
        ],
      },
    });
  });

  it("reads UTF-16 with its BOM (Excel's Unicode text, tab-separated)", async () => {
    const text = "full_name\thalqa\r\nيوسف\tAl-Fajr\r\n";
    const bytes = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    const reading = await readImportFile(bytes);
    expect(reading.ok && reading.table.rows[0]!.cells).toEqual(["يوسف", "Al-Fajr"]);
  });

  it("reads semicolon-separated files (Excel in French or Turkish settings)", async () => {
    const reading = await readImportFile(utf8("full_name;halqa\nAli;Al-Fajr\n"));
    expect(reading.ok && reading.table.rows[0]!.cells).toEqual(["Ali", "Al-Fajr"]);
  });

  it("refuses text that is not UTF-8 (Windows-1256 Arabic) rather than guess", async () => {
    // "علي" in Windows-1256.
    const reading = await readImportFile(
      new Uint8Array([...utf8("full_name,halqa\n"), 0xe1, 0xe1, 0xed, ...utf8(",Al-Fajr\n")]),
    );
    expect(reading).toEqual({ ok: false, problem: { key: "notText" } });
  });

  it("refuses empty and duplicated headers, empty files, too many rows and too many bytes", async () => {
    expect(await readImportFile(utf8("full_name,,halqa\nAli,x,y\n"))).toEqual({
      ok: false,
      problem: { key: "emptyHeader", values: { column: 2 } },
    });
    expect(await readImportFile(utf8("full_name,Full_Name\nAli,Ali\n"))).toEqual({
      ok: false,
      problem: { key: "duplicateHeader", values: { name: "Full_Name" } },
    });
    expect(await readImportFile(utf8(""))).toEqual({ ok: false, problem: { key: "empty" } });
    expect(await readImportFile(utf8("full_name,halqa\n\n"))).toEqual({ ok: false, problem: { key: "empty" } });
    const many = "full_name,halqa\n" + Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `S${i},H`).join("\n");
    expect(await readImportFile(utf8(many))).toEqual({
      ok: false,
      problem: { key: "tooManyRows", values: { max: IMPORT_MAX_ROWS, rows: IMPORT_MAX_ROWS + 1 } },
    });
    expect((await readImportFile(new Uint8Array(IMPORT_MAX_BYTES + 1))).ok).toBe(false);
  });

  it("refuses a binary file that is not a table", async () => {
    expect(await readImportFile(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]))).toEqual({
      ok: false,
      problem: { key: "notTable" },
    });
    expect(await readImportFile(new Uint8Array([...[0x50, 0x4b, 0x03, 0x04], 1, 2, 3]))).toEqual({
      ok: false,
      problem: { key: "unreadable" },
    });
  });

  it("reads the first sheet of an XLSX, dates as YYYY-MM-DD, and refuses a formula by its cell", async () => {
    const reading = await readImportFile(
      await xlsx([
        ["full_name", "enrolled_on"],
        ["مريم", new Date(Date.UTC(2026, 8, 1))],
        ["=not a formula", "2026-09-02"],
      ]),
    );
    expect(reading).toEqual({
      ok: true,
      kind: "xlsx",
      table: {
        header: ["full_name", "enrolled_on"],
        rows: [
          { line: 2, cells: ["مريم", "2026-09-01"] },
          { line: 3, cells: ["=not a formula", "2026-09-02"] },
        ],
      },
    });
    expect(
      await readImportFile(
        await xlsx([
          ["full_name", "n"],
          ["Ali", { formula: "1+1", result: 2 }],
        ]),
      ),
    ).toEqual({ ok: false, problem: { key: "formula", values: { cell: "B2" } } });
  });

  it("reads a sheet of inline strings, as other programs than Excel write them", async () => {
    const reading = await readImportFile(
      handMadeXlsx(inlineRow(1, ["full_name", "halqa"]) + inlineRow(2, ["Ali", "H"])),
    );
    expect(reading).toEqual({
      ok: true,
      kind: "xlsx",
      table: { header: ["full_name", "halqa"], rows: [{ line: 2, cells: ["Ali", "H"] }] },
    });
  });

  it("refuses a small XLSX that unpacks to a million rows (a zip bomb) without reading it", async () => {
    const bomb = zipBomb();
    expect(bomb.byteLength).toBeLessThan(IMPORT_MAX_BYTES);
    // Refused for what it holds unpacked (read whole, it was "5,000 rows at most" after 42 s and 500 MB).
    expect(await readImportFile(bomb)).toEqual({
      ok: false,
      problem: { key: "tooBig", values: { max: IMPORT_MAX_ROWS, columns: IMPORT_MAX_COLUMNS } },
    });
  });

  it("stops reading an XLSX at the first row or column past the limits", async () => {
    const header = inlineRow(1, ["full_name"]);
    const overRows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => inlineRow(i + 2, [`S${i}`])).join("");
    const tooBig = {
      ok: false,
      problem: { key: "tooBig", values: { max: IMPORT_MAX_ROWS, columns: IMPORT_MAX_COLUMNS } },
    };
    expect(await readImportFile(handMadeXlsx(header + overRows))).toEqual(tooBig);
    const atLimit = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => inlineRow(i + 2, [`S${i}`])).join("");
    const reading = await readImportFile(handMadeXlsx(header + atLimit));
    expect(reading.ok && reading.table.rows.length).toBe(IMPORT_MAX_ROWS);
    // A list formatted far below itself is read; a row numbered past what any list needs is not.
    const styledBelow = Array.from(
      { length: 20_000 },
      (_, i) => `<row r="${i + 3}"><c r="A${i + 3}" s="0"/></row>`,
    ).join("");
    const formatted = await readImportFile(handMadeXlsx(header + inlineRow(2, ["Ali"]) + styledBelow));
    expect(formatted).toMatchObject({ ok: true, table: { rows: [{ line: 2, cells: ["Ali"] }] } });
    expect(await readImportFile(handMadeXlsx(header + inlineRow(1_000_000, ["far"])))).toEqual(tooBig);
    const wide = `<row r="1"><c r="A1" t="inlineStr"><is><t>full_name</t></is></c><c r="${columnName(IMPORT_MAX_COLUMNS + 1)}1" t="inlineStr"><is><t>x</t></is></c></row>`;
    expect(await readImportFile(handMadeXlsx(wide))).toEqual(tooBig);
  });
  it("leaves no temporary file behind, however the read ends (the sheet before its shared strings, as Excel writes it)", async () => {
    const mine = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`)).length;
    const before = mine();
    const many = await xlsx([["full_name"], ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`S${i}`])]);
    expect(await readImportFile(many)).toMatchObject({ ok: false, problem: { key: "tooBig" } });
    expect((await readImportFile(await xlsx([["full_name"], ["Ali"]]))).ok).toBe(true);
    expect(mine()).toBe(before);
  });
});

/** A column's letters: 1 → A, 27 → AA. */
function columnName(n: number): string {
  let name = "";
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}
