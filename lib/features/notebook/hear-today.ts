/**
 * What to hear today (issue 29, point 3), per student: the new lesson, the recent revision and the
 * most overdue old revision, from the student's recitations and current plan segment. Pure; the rule
 * is docs/progress.md, "What to hear today". Old revision uses the Quran map's revision currency
 * (lib/features/progress/quran-map.ts), so the map and the suggestion never disagree.
 */
import type { Recitation } from "@/lib/contract";
import { quranMap } from "@/lib/features/progress/quran-map";
import { newestRecitationsFirst } from "@/lib/features/students/recitations";
import { ayahIdOf, pointOfAyahId, unitBounds, unitOf } from "@/lib/quran/cover";
import { comparePoints, pointProblem, surahInfo, type QuranPoint } from "@/lib/quran";
import { AYAH_COUNT } from "@/lib/quran/quarters";

export type HearRange = { start: QuranPoint; end: QuranPoint };
export type HearRecitation = Pick<Recitation, "id" | "kind" | "range" | "rating" | "recorded_at">;

export type HearToday = {
  /** The plan's current new-memorisation segment, else the range after the last new memorisation. */
  newLesson: { range: HearRange; source: "plan" | "last" } | null;
  /** The last N pages memorised (new memorisation, newest first), as one span of the mushaf. */
  recent: { range: HearRange; pages: number } | null;
  /** The memorised hizb quarter most overdue for revision by the school's cycle, or null when none is due. */
  old: { range: HearRange; quarter: number; juz: number; overdueDays: number; lastRevised: string | null } | null;
};

export type HearSettings = { recentPages: number; cycleDays: number };
/** The revision rule's defaults until an admin sets them (docs/progress.md): the last 5 pages, a 30-day cycle. */
export const DEFAULT_HEAR_SETTINGS: HearSettings = { recentPages: 5, cycleDays: 30 };

const validRange = (range: HearRange | null | undefined): range is HearRange =>
  !!range && !pointProblem(range.start) && !pointProblem(range.end) && comparePoints(range.start, range.end) <= 0;

function latestOf(recitations: readonly HearRecitation[]): HearRecitation[] {
  return newestRecitationsFirst(recitations);
}

/** The range after `previous`, as long as it was when it lay in one surah, kept in the new start's surah. */
function after(previous: HearRange): HearRange | null {
  const endId = ayahIdOf(previous.end);
  if (endId >= AYAH_COUNT) return null;
  const start = pointOfAyahId(endId + 1);
  const length = previous.start.surah === previous.end.surah ? previous.end.ayah - previous.start.ayah + 1 : 1;
  const count = surahInfo(start.surah)?.ayah_count ?? start.ayah;
  return { start, end: { surah: start.surah, ayah: Math.min(count, start.ayah + Math.max(length, 1) - 1) } };
}

function memorisedIds(recitations: readonly HearRecitation[]): Uint8Array {
  const memorised = new Uint8Array(AYAH_COUNT + 1);
  for (const r of recitations)
    if (validRange(r.range)) memorised.fill(1, ayahIdOf(r.range.start), ayahIdOf(r.range.end) + 1);
  return memorised;
}

/** The memorised ayahs between two ids (inclusive) as one range, or null when none is. */
function memorisedSpan(memorised: Uint8Array, from: number, to: number): HearRange | null {
  let first = from;
  while (first <= to && !memorised[first]) first++;
  let last = to;
  while (last >= first && !memorised[last]) last--;
  return first <= last ? { start: pointOfAyahId(first), end: pointOfAyahId(last) } : null;
}

function recentPages(
  newest: readonly HearRecitation[],
  memorised: Uint8Array,
  n: number,
): { range: HearRange; pages: number; from: number; to: number } | null {
  const pages = new Set<number>();
  for (const r of newest) {
    if (r.kind !== "new_memorization" || !validRange(r.range)) continue;
    const last = unitOf("page", ayahIdOf(r.range.end));
    const first = unitOf("page", ayahIdOf(r.range.start));
    for (let page = last; page >= first && pages.size < n; page--) pages.add(page);
    if (pages.size >= n) break;
  }
  const latest = newest.find((r) => r.kind === "new_memorization" && validRange(r.range));
  if (!latest) return null;
  // One span around the latest page: pages memorised elsewhere in the mushaf are not joined to it.
  let low = unitOf("page", ayahIdOf(latest.range.end));
  let high = low;
  while (pages.has(low - 1)) low--;
  while (pages.has(high + 1)) high++;
  const from = unitBounds("page", low).firstId;
  const to = unitBounds("page", high).lastId;
  const range = memorisedSpan(memorised, from, to);
  return range ? { range, pages: high - low + 1, from, to } : null;
}

/**
 * `today`: the school's date; `timeZone`: the school's. `planSegment`: the new-memorisation segment of
 * the student's current assignment (lib/features/live/server/prefill-source.ts, `currentSegments`).
 */
export function hearToday(
  recitations: readonly HearRecitation[],
  planSegment: HearRange | null,
  today: string,
  timeZone: string,
  settings: HearSettings,
): HearToday {
  const newest = latestOf(recitations);
  const lastNew = newest.find((r) => r.kind === "new_memorization" && validRange(r.range));
  const continued = lastNew ? after(lastNew.range) : null;
  const newLesson = validRange(planSegment)
    ? { range: planSegment, source: "plan" as const }
    : continued
      ? { range: continued, source: "last" as const }
      : null;

  const memorised = memorisedIds(recitations);
  const recent = recentPages(newest, memorised, settings.recentPages);

  let old: HearToday["old"] = null;
  for (const cell of quranMap(
    recitations.filter((r) => validRange(r.range)),
    today,
    timeZone,
  ).cells) {
    if (cell.memorisedAyahs === 0) continue;
    const { firstAyah, lastAyah } = cell.quarter;
    if (recent && firstAyah <= recent.to && lastAyah >= recent.from) continue;
    // Never revised: due a cycle after it was last heard (memorised).
    const since = cell.lastRevision?.daysAgo ?? cell.lastHeard?.daysAgo;
    if (since === undefined) continue;
    const overdueDays = since - settings.cycleDays;
    if (overdueDays < 0 || (old && overdueDays <= old.overdueDays)) continue;
    const range = memorisedSpan(memorised, firstAyah, lastAyah);
    if (range)
      old = {
        range,
        quarter: cell.quarter.index,
        juz: cell.quarter.juz,
        overdueDays,
        lastRevised: cell.lastRevision?.day ?? null,
      };
  }
  return { newLesson, recent: recent ? { range: recent.range, pages: recent.pages } : null, old };
}
