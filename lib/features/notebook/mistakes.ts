/**
 * The teacher's notebook (issue 29): mistakes as they are heard. Pure and browser-safe: the
 * recitation dialog counts with it, the server action checks with it before anything is sent or
 * stored. The school's API knows only a recitation's `mistakes` total; the typed, placed taps are the
 * dashboard's (docs/progress.md, "Mistakes as they are heard").
 */
import type { QuranPoint } from "@/lib/quran";

/** The mistake types a school starts with; ids are stored, names come from the catalogue or the school's settings. */
export const DEFAULT_MISTAKE_TYPES = ["memorisation", "hesitation", "tajweed", "stop"] as const;

/** At most this many mistakes in one recitation (the contract's `mistakes` bound). */
export const MISTAKES_MAX = 999;

/**
 * Highest total for each rating, from the best rating down: with a scale of five, 0 → the best,
 * 1–2 → the second, 3–4 → the third, 5–7 → the fourth, more → the lowest.
 */
export const DEFAULT_RATING_THRESHOLDS: readonly number[] = [0, 2, 4, 7];

/** What the recitation dialog needs of the school's settings: its types in the reader's language and its thresholds. */
export type MistakeOptions = { types: { id: string; label: string }[]; thresholds: number[] };

/** One tap: a mistake of a type, placed on an ayah or not placed. */
export type MistakeTap = { type: string; at: QuranPoint | null };

export type MistakeRange = { start: QuranPoint; end: QuranPoint };

const before = (a: QuranPoint, b: QuranPoint) => a.surah < b.surah || (a.surah === b.surah && a.ayah < b.ayah);

export function inRange(point: QuranPoint, range: MistakeRange): boolean {
  return !before(point, range.start) && !before(range.end, point);
}

/** Counts per type, in the order of `types` (types with no tap count 0). */
export function countsByType(taps: readonly MistakeTap[], types: readonly string[]): Map<string, number> {
  const counts = new Map(types.map((type) => [type, 0]));
  for (const tap of taps) counts.set(tap.type, (counts.get(tap.type) ?? 0) + 1);
  return counts;
}

/**
 * The rating the counts suggest: `ratings` lowest first (the school's `rating_scale` order), the
 * first threshold the total fits picks from the top; a total past every threshold gets the lowest.
 */
export function suggestedRating(
  total: number,
  ratings: readonly number[],
  thresholds: readonly number[] = DEFAULT_RATING_THRESHOLDS,
): number | null {
  if (ratings.length === 0) return null;
  const fits = thresholds.findIndex((max) => total <= max);
  const fromTop = fits === -1 ? ratings.length - 1 : Math.min(fits, ratings.length - 1);
  return ratings[ratings.length - 1 - fromTop] ?? null;
}

export type MistakeProblem =
  | { kind: "tooMany"; max: number }
  | { kind: "negative" }
  | { kind: "total"; taps: number }
  | { kind: "type"; index: number; type: string }
  | { kind: "outside"; index: number; at: QuranPoint };

/**
 * Why a recitation's mistakes cannot be kept, or null. `mistakes` is the total sent to the school:
 * with taps it must equal their number (one truth for the count).
 */
export function mistakeProblem(
  input: { mistakes: number | null; taps: readonly MistakeTap[]; start: QuranPoint; end: QuranPoint },
  types: readonly string[],
): MistakeProblem | null {
  const { mistakes, taps } = input;
  if (mistakes !== null && mistakes < 0) return { kind: "negative" };
  if (taps.length > MISTAKES_MAX || (mistakes ?? 0) > MISTAKES_MAX) return { kind: "tooMany", max: MISTAKES_MAX };
  if (taps.length > 0 && mistakes !== taps.length) return { kind: "total", taps: taps.length };
  const known = new Set(types);
  for (const [index, tap] of taps.entries()) {
    if (!known.has(tap.type)) return { kind: "type", index, type: tap.type };
    if (tap.at && !inRange(tap.at, input)) return { kind: "outside", index, at: tap.at };
  }
  return null;
}

/** What the stepper needs of a surah. */
export type AyahCounts = readonly { ayah_count: number }[];

/** The ayah `step` ayahs after (or before) `point`, kept inside `range`, in mushaf order. */
export function stepAyah(surahs: AyahCounts, range: MistakeRange, point: QuranPoint, step: 1 | -1): QuranPoint {
  let next: QuranPoint;
  if (step === 1) {
    const count = surahs[point.surah - 1]?.ayah_count ?? point.ayah;
    next = point.ayah < count ? { surah: point.surah, ayah: point.ayah + 1 } : { surah: point.surah + 1, ayah: 1 };
  } else {
    next =
      point.ayah > 1
        ? { surah: point.surah, ayah: point.ayah - 1 }
        : { surah: point.surah - 1, ayah: surahs[point.surah - 2]?.ayah_count ?? 1 };
  }
  return inRange(next, range) ? next : point;
}

/** `point` when it lies in `range`, else the range's first ayah (the range was edited under it). */
export function clampToRange(point: QuranPoint | null, range: MistakeRange): QuranPoint {
  return point && inRange(point, range) ? point : range.start;
}
