import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { toXlsx } from "./xlsx";

async function read(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe("toXlsx", () => {
  it("writes typed text as text (never a formula), numbers as numbers, and Arabic as it is", async () => {
    const rows = [
      ["=1+1", 3, null],
      ["+SUM(A1:A2)", 0, "عبد الله بن عمر"],
      ["@cmd", -1, "-2+3"],
    ];
    const workbook = await read(await toXlsx(["name", "count", "note"], rows, { sheet: "Halqa", rightToLeft: false }));
    const sheet = workbook.getWorksheet("Halqa")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "name", "count", "note"]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell("A2").type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell("A2").value).toBe("=1+1");
    expect(sheet.getCell("A3").value).toBe("+SUM(A1:A2)");
    expect(sheet.getCell("C4").value).toBe("-2+3");
    expect(sheet.getCell("B2").type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell("C2").type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getCell("C3").value).toBe("عبد الله بن عمر");
    for (let row = 1; row <= sheet.rowCount; row++)
      sheet.getRow(row).eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
  });

  it("freezes the header, reads right to left when asked, and keeps the sheet name within Excel's rules", async () => {
    const workbook = await read(
      await toXlsx(["a"], [["b"]], { sheet: "حلقة [الفجر]: الصف/الأول والثاني والثالث", rightToLeft: true }),
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    expect(sheet.name).not.toMatch(/[[\]:*?/\\]/);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1, rightToLeft: true });
  });
});
