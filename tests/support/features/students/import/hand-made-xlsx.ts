import { strToU8, zipSync } from "fflate";

/** Test support for the student import's spreadsheets (unit tests and e2e/student-import.spec.ts). */

/**
 * The smallest XLSX a spreadsheet program opens, its one sheet's rows given as XML: how a "zip bomb"
 * is made (rows that compress to almost nothing), which exceljs's writer would take minutes to write.
 */
export function handMadeXlsx(sheetRows: string): Uint8Array {
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      "_rels/.rels": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship("rId1", "officeDocument", "xl/workbook.xml")}</Relationships>`,
      ),
      "xl/workbook.xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Students" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship("rId1", "worksheet", "worksheets/sheet1.xml")}</Relationships>`,
      ),
      "xl/worksheets/sheet1.xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
      ),
    },
    { level: 6 },
  );
}

/** A row of inline-string cells (columns A…Z). */
export const inlineRow = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((text, i) => `<c r="${String.fromCharCode(65 + (i % 26))}${n}" t="inlineStr"><is><t>${text}</t></is></c>`).join("")}</row>`;

/**
 * An XLSX of some 100 KB whose sheet unpacks to a million rows of inline strings (some 50 MB). The
 * rows carry no `r` (it is optional): the same row a million times compresses best, and is quick to make.
 */
export function zipBomb(): Uint8Array {
  return handMadeXlsx('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_000_000));
}
