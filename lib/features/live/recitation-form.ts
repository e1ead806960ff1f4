/**
 * The recitation entry's logic, free of React and of the Quran tables: the surah list comes from
 * the school's `GET /surahs` (cached per tenant on the server and handed to the screen), so the
 * ayah counts checked here are the ones the server will check.
 */
import { toLatinDigits } from "@/lib/i18n/digits";
import { isRightToLeft, type Locale } from "@/lib/i18n/locales";
import type { QuranPoint, RecitationKind } from "./types";

/** What the screen needs of a surah (the contract's `Surah`, minus what it does not use). */
export type SurahOption = {
  number: number;
  name_arabic: string;
  name_transliteration: string;
  name_english: string;
  ayah_count: number;
  start_juz: number;
};

export type QuranRange = { start: QuranPoint; end: QuranPoint };

/** Folds Latin diacritics, apostrophes, hyphens, doubled vowels and Arabic tashkeel, so "fatiha" finds "Al-Faatiha" and "الفاتحة" finds "الفَاتِحة". */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .toLowerCase()
    .replace(/['’`ʿʾ\-\s]+/g, "")
    .replace(/([aeiou])\1+/g, "$1");
}

/** Juz numbers a surah runs through: from its first juz to the juz where the next surah starts (a boundary guess; `endJuz` refines it when known). */
export function juzSpan(surahs: readonly SurahOption[], number: number, endJuz?: number): [number, number] {
  const surah = surahs[number - 1];
  if (!surah) return [0, 0];
  const next = surahs[number];
  const last = endJuz ?? (next ? Math.max(surah.start_juz, next.start_juz) : 30);
  return [surah.start_juz, last];
}

/**
 * Surahs matching a search (number, Arabic, transliterated or English name; an exact number
 * first) and a juz (surahs that run through it). Empty query: every surah of the juz.
 */
export function filterSurahs(
  surahs: readonly SurahOption[],
  query: string,
  juz: number | null,
  endJuz?: (number: number) => number | undefined,
): SurahOption[] {
  const q = toLatinDigits(query.trim());
  const folded = foldForSearch(q);
  const digits = /^\d+$/.test(q) ? Number(q) : null;
  const inJuz = (s: SurahOption) => {
    if (juz === null) return true;
    const [from, to] = juzSpan(surahs, s.number, endJuz?.(s.number));
    return juz >= from && juz <= to;
  };
  const matches = surahs.filter((s) => {
    if (!inJuz(s)) return false;
    if (q === "") return true;
    if (digits !== null) return String(s.number).startsWith(q);
    return [s.name_arabic, s.name_transliteration, s.name_english].some((name) => foldForSearch(name).includes(folded));
  });
  if (digits !== null)
    matches.sort((a, b) => Number(b.number === digits) - Number(a.number === digits) || a.number - b.number);
  return matches;
}

export type RangeProblem =
  | { field: "start" | "end"; kind: "surah" }
  | { field: "start" | "end"; kind: "ayah"; max: number }
  | { field: "end"; kind: "order" };

/** Why a range is not a real one of the mushaf (checked before anything is queued), or null. */
export function rangeProblem(surahs: readonly SurahOption[], range: QuranRange): RangeProblem | null {
  for (const field of ["start", "end"] as const) {
    const point = range[field];
    const surah = Number.isInteger(point.surah) ? surahs[point.surah - 1] : undefined;
    if (!surah) return { field, kind: "surah" };
    if (!Number.isInteger(point.ayah) || point.ayah < 1 || point.ayah > surah.ayah_count)
      return { field, kind: "ayah", max: surah.ayah_count };
  }
  if (
    range.start.surah > range.end.surah ||
    (range.start.surah === range.end.surah && range.start.ayah > range.end.ayah)
  )
    return { field: "end", kind: "order" };
  return null;
}

/** The ayah after a point, in mushaf order (the first of the next surah after a surah's last), or null after An-Nas. */
export function nextPoint(surahs: readonly SurahOption[], point: QuranPoint): QuranPoint | null {
  const surah = surahs[point.surah - 1];
  if (!surah) return null;
  if (point.ayah < surah.ayah_count) return { surah: point.surah, ayah: point.ayah + 1 };
  return surahs[point.surah] ? { surah: point.surah + 1, ayah: 1 } : null;
}

/**
 * The range to offer after `previous`: it starts right after its end and is as long (in ayahs) as
 * it was when it lay in one surah, kept inside the new start's surah; one ayah otherwise.
 */
export function continueAfter(surahs: readonly SurahOption[], previous: QuranRange): QuranRange | null {
  const start = nextPoint(surahs, previous.end);
  if (!start) return null;
  const surah = surahs[start.surah - 1]!;
  const length = previous.start.surah === previous.end.surah ? previous.end.ayah - previous.start.ayah + 1 : 1;
  return { start, end: { surah: start.surah, ayah: Math.min(surah.ayah_count, start.ayah + Math.max(length, 1) - 1) } };
}

/** A recitation the prefill may continue from: one of the student's, saved or still in the queue. */
export type PastRecitation = {
  student_id: string;
  kind: RecitationKind;
  start: QuranPoint;
  end: QuranPoint;
  recorded_at: string;
};

/** What the recitation entry prefills from, for one student (the answer of the prefill route, server/prefill-source.ts): their latest recitation of each kind, and their current plan segments. */
export type StudentPrefill = {
  studentId: string;
  /** The latest recitation of each kind (from every session), at most one per kind. */
  earlier: PastRecitation[];
  /** Per kind, the range of the student's current assignment (synced plan store), when known. */
  plan: Partial<Record<RecitationKind, QuranRange>>;
};

export type PrefillSource = "plan" | "last" | null;

/**
 * The range to prefill for one student and kind. Only that student's recitations of that kind are
 * looked at (never another student's). A segment of the student's current plan assignment is
 * preferred until this session already holds a recitation of that kind for the student; then the
 * next range continues after the latest one.
 */
export function prefillRange(
  surahs: readonly SurahOption[],
  studentId: string,
  kind: RecitationKind,
  options: {
    thisSession: readonly PastRecitation[];
    earlier: readonly PastRecitation[];
    planSegment: QuranRange | null;
  },
): { range: QuranRange | null; source: PrefillSource } {
  const mine = (r: PastRecitation) => r.student_id === studentId && r.kind === kind;
  const inSession = options.thisSession.filter(mine);
  if (options.planSegment && inSession.length === 0 && !rangeProblem(surahs, options.planSegment))
    return { range: options.planSegment, source: "plan" };
  const latest = [...inSession, ...options.earlier.filter(mine)].reduce<PastRecitation | null>(
    (best, r) => (!best || Date.parse(r.recorded_at) > Date.parse(best.recorded_at) ? r : best),
    null,
  );
  if (!latest) return { range: null, source: null };
  const range = continueAfter(surahs, latest);
  return range ? { range, source: "last" } : { range: null, source: null };
}

/** A range in the reader's words: surah names in their script, numbers in their digits. */
export function formatRange(
  range: QuranRange,
  surahs: readonly SurahOption[],
  locale: Locale,
  number: (value: number) => string,
): string {
  const name = (n: number) => {
    const surah = surahs[n - 1];
    return surah ? (isRightToLeft(locale) ? surah.name_arabic : surah.name_transliteration) : number(n);
  };
  const [start, end] = [`${name(range.start.surah)} ${number(range.start.ayah)}`, number(range.end.ayah)];
  if (range.start.surah !== range.end.surah) return `${start} – ${name(range.end.surah)} ${end}`;
  return range.start.ayah === range.end.ayah ? start : `${start}–${end}`;
}
