import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes(".test."))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("separators on pages", () => {
  // A middle dot next to Arabic-Indic digits reads as a zero, so pages take `i18n.separator` (school-time.ts).
  it("no page or component writes a middle dot of its own", () => {
    const offenders = [...sources("app"), ...sources("components")].filter(
      (file) =>
        !file.startsWith("app/api/") &&
        file !== "app/manifest.ts" &&
        /·|\\u00b7/i.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
