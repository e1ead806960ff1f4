import bidiFactory from "bidi-js";

const bidi = bidiFactory();

/** Any character of the Arabic blocks: fontkit lays out a run holding one as right-to-left (it reverses its glyphs). */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Isolates and embeddings (lib/i18n/school-time.ts puts FSI … PDI around dates): they steer the levels and draw nothing. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export type VisualRun = { text: string; rtl: boolean };

/**
 * One line of mixed Arabic and Latin text as the runs to draw from left to right (Unicode
 * bidirectional algorithm, bidi-js). Each run keeps its characters in logical order, as fontkit
 * needs them to join Arabic letters; fontkit then reverses the glyphs of a run that holds Arabic
 * script. A run whose direction fontkit would get wrong (Arabic-Indic digits, which are
 * left-to-right; neutrals between right-to-left words) is handed over reversed; brackets of right-to-left runs are mirrored.
 */
export function visualRuns(text: string, direction: "ltr" | "rtl"): VisualRun[] {
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: { level: number; text: string }[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = levels[i]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += text[i];
    else runs.push({ level, text: text[i]! });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(highest + 1, ...runs.map((run) => run.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < runs.length && runs[end]!.level >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs
    .map(({ level, text: logical }) => {
      const rtl = level % 2 === 1;
      const chars = [...logical.replace(BIDI_CONTROLS, "")];
      // A right-to-left run shows brackets mirrored (rule L4); fontkit reverses glyphs but does not mirror them.
      const shown = rtl ? chars.map((c) => bidi.getMirroredCharacter(c) ?? c) : chars;
      const fontkitReverses = ARABIC_SCRIPT.test(logical);
      return { text: (rtl === fontkitReverses ? shown : shown.toReversed()).join(""), rtl };
    })
    .filter((run) => run.text.length > 0);
}
