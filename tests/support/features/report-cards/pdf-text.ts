import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The text of a PDF as poppler's pdftotext reads it (Debian poppler-utils; .ci/run installs it), bidi marks dropped; pages split by form feeds. */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "card-"));
  try {
    const file = path.join(dir, "card.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(
      /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
      "",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
