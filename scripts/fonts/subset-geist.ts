/**
 * Geist Sans, subset to the letters of the dashboard's Latin-script languages (English, French,
 * Indonesian, Malay, Turkish) and the punctuation and signs its words use: `assets/fonts/geist-sans-latin.woff2`,
 * committed, loaded by `app/fonts.ts`. The geist package's variable file (69.7 KB) also carries Cyrillic,
 * Greek and Vietnamese that no page of ours sets, and it is on every first load, before the scripts, on
 * the tablet's slow network (issue 31, docs/scale.md "One face, fewer bytes"). Both weight axes stay.
 * A letter outside the subset (a name in another script) is drawn by the next face in `--font-sans`.
 *
 * Run again after updating the geist package or RANGES: `npx tsx scripts/fonts/subset-geist.ts`
 * (`subset-geist.test.ts` fails until the committed file is the one this makes).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCE = path.join(ROOT, "node_modules/geist/dist/fonts/geist-sans/Geist-Variable.woff2");
export const TARGET = path.join(ROOT, "assets/fonts/geist-sans-latin.woff2");

/**
 * Code point ranges, inclusive: Google Fonts' "latin", Latin Extended-A and -B, and the letters and marks of
 * Arabic names and surah names in Latin transliteration.
 */
export const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement: French accents, ·, « », the no-break space
  [0x0100, 0x024f], // Latin Extended-A and -B: Turkish ğ ş ı İ, ā ī ū of transliterated names
  [0x02bb, 0x02bf], // ʻ ʼ ʾ ʿ: hamza and ʿayn in transliterated Arabic
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0300, 0x0304], // combining accents and macron, for decomposed (NFD) names
  [0x0306, 0x0308],
  [0x030a, 0x030c],
  [0x0323, 0x0323], // combining dot below
  [0x0327, 0x0327],
  [0x0331, 0x0331], // combining macron below
  [0x1e0c, 0x1e0f], // Ḍ ḍ Ḏ ḏ: the emphatic and interdental letters of Arabic transliteration
  [0x1e24, 0x1e25], // Ḥ ḥ
  [0x1e2a, 0x1e2b], // Ḫ ḫ
  [0x1e62, 0x1e63], // Ṣ ṣ
  [0x1e6c, 0x1e6f], // Ṭ ṭ Ṯ ṯ
  [0x1e92, 0x1e93], // Ẓ ẓ
  [0x1e96, 0x1e96], // ẖ
  [0x2000, 0x206f], // General Punctuation: – — ’ “ ” … ‹ › and the narrow no-break space
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193], // ← ↑ → ↓
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0x25be, 0x25be], // ▾
  [0x2713, 0x2713], // ✓
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Every character of RANGES, as subset-font takes them. */
export function subsetText(): string {
  let text = "";
  for (const [from, to] of RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

/** The subset of the geist package's file, as woff2 (the same bytes for the same input). */
export function makeSubset(): Promise<Buffer> {
  return subsetFont(readFileSync(SOURCE), subsetText(), { targetFormat: "woff2" });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const subset = await makeSubset();
  writeFileSync(TARGET, subset);
  console.log(`${path.relative(ROOT, TARGET)}: ${subset.length} bytes (from ${readFileSync(SOURCE).length})`);
}
