import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSubset, RANGES, TARGET } from "./subset-geist";

const MESSAGES = path.resolve(__dirname, "..", "..", "messages");
/** The languages set in Geist; Arabic and Urdu pages use their own faces (app/fonts.ts). */
const LATIN_SCRIPT = ["en", "fr", "id", "ms", "tr"];
/** Arabic letters and digits in those languages' words (a digits example, a language's own name) take the Arabic faces. */
const ARABIC_SCRIPT = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
] as const;
const inRanges = (code: number, ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.some(([from, to]) => code >= from && code <= to);

describe("Geist Sans cut to our letters (scripts/fonts/subset-geist.ts)", () => {
  it("covers every character of the Latin-script languages' words", () => {
    const outside = new Set<string>();
    for (const locale of LATIN_SCRIPT) {
      for (const file of readdirSync(path.join(MESSAGES, locale))) {
        for (const char of readFileSync(path.join(MESSAGES, locale, file), "utf8")) {
          const code = char.codePointAt(0)!;
          if (code < 0x20 || inRanges(code, ARABIC_SCRIPT)) continue;
          if (!inRanges(code, RANGES)) outside.add(`${locale}/${file}: U+${code.toString(16)}`);
        }
      }
    }
    expect([...outside]).toEqual([]);
  });

  it("is committed as the script makes it from the geist package (run it again after a change)", async () => {
    const made = await makeSubset();
    expect(made.length).toBeLessThan(45_000);
    expect(Buffer.compare(readFileSync(TARGET), made)).toBe(0);
  });
});
