import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { toXlsx } from "./xlsx";

/**
 * Issue 30.10, decided in a real spreadsheet: LibreOffice Calc (Debian's `libreoffice-calc`) opens
 * our CSV headless and writes back what it computed. A raw `=1+1` comes back as `2` (so the check
 * can fail); every cell `toCsv` wrote comes back as the text it was given. Skipped, with the reason,
 * where LibreOffice is not installed.
 */
const SOFFICE = "/usr/bin/soffice";
// Each holds "1+1": what comes back must still say it, not its result.
const PAYLOADS = [
  "=1+1",
  "\u200B=1+1",
  "\uFF1D1+1",
  "|1+1",
  '"=1+1',
  "+1+1",
  "-1+1",
  "@1+1",
  " =1+1",
  "\u2060=1+1",
  "\t=1+1",
];

describe.skipIf(!existsSync(SOFFICE))("CSV cells in LibreOffice Calc", () => {
  it("a raw formula is computed, and no cell of our CSV is", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "csv-lo-"));
    try {
      const ours = toCsv(
        ["cell"],
        PAYLOADS.map((payload) => [payload]),
      );
      writeFileSync(path.join(dir, "ours.csv"), ours);
      writeFileSync(path.join(dir, "raw.csv"), '"=1+1"\r\n');
      // Its own profile folder: a user's LibreOffice (or a parallel run) never locks this one.
      const profile = `-env:UserInstallation=file://${path.join(dir, "profile")}`;
      for (const name of ["ours.csv", "raw.csv"]) {
        execFileSync(
          SOFFICE,
          [
            profile,
            "--headless",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):44,34,76,1",
            "--outdir",
            path.join(dir, "out"),
            path.join(dir, name),
          ],
          { stdio: "ignore", timeout: 120_000 },
        );
      }
      expect(readFileSync(path.join(dir, "out", "raw.csv"), "utf8").trim()).toBe("2");
      const cells = readFileSync(path.join(dir, "out", "ours.csv"), "utf8")
        .trim()
        .split(/\r?\n/)
        .slice(1);
      expect(cells).toHaveLength(PAYLOADS.length);
      for (const [index, cell] of cells.entries()) {
        expect(cell, JSON.stringify(PAYLOADS[index])).toContain("1+1");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(!existsSync(SOFFICE))("XLSX cells in LibreOffice Calc", () => {
  it("opens with no import dialog, Arabic as written and no cell computed", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "xlsx-lo-"));
    try {
      const arabic = "عبد الله بن عمر — حفظ جديد";
      writeFileSync(
        path.join(dir, "ours.xlsx"),
        await toXlsx(["cell"], [...PAYLOADS.map((payload) => [payload]), [arabic]], {
          sheet: "الحلقة",
          rightToLeft: true,
        }),
      );
      const profile = `-env:UserInstallation=file://${path.join(dir, "profile")}`;
      execFileSync(
        SOFFICE,
        [
          profile,
          "--headless",
          "--convert-to",
          "csv:Text - txt - csv (StarCalc):44,34,76,1",
          "--outdir",
          path.join(dir, "out"),
          path.join(dir, "ours.xlsx"),
        ],
        { stdio: "ignore", timeout: 120_000 },
      );
      const cells = readFileSync(path.join(dir, "out", "ours.csv"), "utf8")
        .trim()
        .split(/\r?\n/)
        .slice(1);
      expect(cells).toHaveLength(PAYLOADS.length + 1);
      for (const [index, payload] of PAYLOADS.entries()) expect(cells[index], JSON.stringify(payload)).toContain("1+1");
      expect(cells.at(-1)).toContain(arabic);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
