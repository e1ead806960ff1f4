import type { Recitation } from "@/lib/contract";
import { byRecordedAt } from "@/lib/features/students/recitations";
import { ayahIdOf } from "@/lib/quran/cover";
import { AYAH_COUNT, QUARTERS, quartersOfSpan, type Quarter } from "@/lib/quran/quarters";
import { wholePercent } from "@/lib/percent";

/** What a map needs of a recitation (a contract Recitation fits; the family view passes its own safe copy). */
export type MapRecitation = Pick<Recitation, "id" | "kind" | "range" | "rating" | "recorded_at">;

/** Revision currency buckets: heard in revision within 7 days, within 30, longer ago, never. */
export type Currency = "week" | "month" | "older" | "never";
export const CURRENCY_DAYS = { week: 7, month: 30 } as const;

export type Heard = {
  recitationId: string;
  kind: Recitation["kind"];
  recordedAt: string;
  day: string;
  daysAgo: number;
  rating: number;
};

/** One hizb quarter of a student's map. */
export type MapCell = {
  quarter: Quarter;
  ayahCount: number;
  /** Ayahs of the quarter the student has recited, in new memorisation or revision (the union of the ranges): memorised. */
  memorisedAyahs: number;
  memorised: "all" | "part" | "none";
  /** The latest revision (recent or old) that shares at least one ayah with the quarter. */
  lastRevision: Heard | null;
  currency: Currency;
  /** The latest recitation of any kind that shares at least one ayah with the quarter: its rating is the quarter's last rating. */
  lastHeard: Heard | null;
};

export type QuranMap = {
  cells: MapCell[];
  /** Quarters wholly memorised, ayahs memorised in all and their share of the Quran (whole percent, rounded down), for the summary line. */
  memorisedQuarters: number;
  memorisedAyahs: number;
  memorisedPercent: number;
  /** Quarters per currency bucket, counting only quarters ever heard. */
  byCurrency: Record<Currency, number>;
};

// Making a formatter costs far more than using one: a register's "what to hear today" maps thirty students.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The school day (YYYY-MM-DD) an instant falls on in a time zone. */
export function schoolDayOf(instant: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })),
    );
  return format.format(new Date(instant));
}

/** Whole days from one school day to a later one (0 when the same day or the first is later). */
export function daysBetween(from: string, to: string): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return Math.max(days, 0);
}

export function currencyOf(daysAgo: number | null): Currency {
  if (daysAgo === null) return "never";
  if (daysAgo <= CURRENCY_DAYS.week) return "week";
  if (daysAgo <= CURRENCY_DAYS.month) return "month";
  return "older";
}

/** Newer wins; on the same instant the larger id, so the answer never depends on input order. */
function newer(a: MapRecitation | null, b: MapRecitation): MapRecitation {
  if (!a) return b;
  return byRecordedAt(a, b) >= 0 ? a : b;
}

/**
 * A student's Quran map: the 240 hizb quarters, each with how much of it is memorised, when it was
 * last heard in revision (and so its currency bucket) and its last rating. Memorised
 * (docs/progress.md): an ayah the student has recited to a teacher, in new memorisation or in
 * revision (one revises only what one knows by heart), counted ayah by ayah, so a quarter is "all"
 * only when every one of its ayahs lies in some recited range, "part" when some do; a recitation
 * of any kind counts as hearing a quarter when its range shares at least one ayah with it.
 * `today` is the school's calendar date; days are counted between school days in `timeZone`.
 */
export function quranMap(recitations: readonly MapRecitation[], today: string, timeZone: string): QuranMap {
  const memorised = new Uint8Array(AYAH_COUNT + 1);
  const lastRevision: (MapRecitation | null)[] = QUARTERS.map(() => null);
  const lastHeard: (MapRecitation | null)[] = QUARTERS.map(() => null);
  for (const recitation of recitations) {
    const first = ayahIdOf(recitation.range.start);
    const last = ayahIdOf(recitation.range.end);
    memorised.fill(1, first, last + 1);
    for (const { quarter } of quartersOfSpan(first, last)) {
      const at = quarter.index - 1;
      lastHeard[at] = newer(lastHeard[at] ?? null, recitation);
      if (recitation.kind !== "new_memorization") lastRevision[at] = newer(lastRevision[at] ?? null, recitation);
    }
  }
  // The school day only of the recitations that won a quarter, once per quarter hour of UTC (every
  // zone's offset and midnight fall on quarter hours): a year of history is thousands of records.
  const dayOf = new Map<number, { day: string; daysAgo: number }>();
  const heardOf = new Map<MapRecitation, Heard>();
  const heard = (recitation: MapRecitation | null): Heard | null => {
    if (!recitation) return null;
    let found = heardOf.get(recitation);
    if (!found) {
      const quarterHour = Math.floor(Date.parse(recitation.recorded_at) / 900_000);
      let when = dayOf.get(quarterHour);
      if (!when) {
        const day = schoolDayOf(recitation.recorded_at, timeZone);
        dayOf.set(quarterHour, (when = { day, daysAgo: daysBetween(day, today) }));
      }
      found = {
        recitationId: recitation.id,
        kind: recitation.kind,
        recordedAt: recitation.recorded_at,
        ...when,
        rating: recitation.rating,
      };
      heardOf.set(recitation, found);
    }
    return found;
  };
  const byCurrency: Record<Currency, number> = { week: 0, month: 0, older: 0, never: 0 };
  let memorisedQuarters = 0;
  let memorisedAyahs = 0;
  const cells = QUARTERS.map((quarter, at): MapCell => {
    let covered = 0;
    for (let ayah = quarter.firstAyah; ayah <= quarter.lastAyah; ayah++) covered += memorised[ayah]!;
    const ayahCount = quarter.lastAyah - quarter.firstAyah + 1;
    const revision = heard(lastRevision[at] ?? null);
    const anyHeard = heard(lastHeard[at] ?? null);
    const currency = currencyOf(revision?.daysAgo ?? null);
    if (anyHeard) byCurrency[currency]++;
    if (covered === ayahCount) memorisedQuarters++;
    memorisedAyahs += covered;
    return {
      quarter,
      ayahCount,
      memorisedAyahs: covered,
      memorised: covered === 0 ? "none" : covered === ayahCount ? "all" : "part",
      lastRevision: revision,
      currency,
      lastHeard: anyHeard,
    };
  });
  return {
    cells,
    memorisedQuarters,
    memorisedAyahs,
    memorisedPercent: wholePercent(memorisedAyahs / AYAH_COUNT),
    byCurrency,
  };
}
