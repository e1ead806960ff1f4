import { RECITATION_KINDS, type Recitation, type School, type Semester } from "@/lib/contract";
import { ayahIdOf } from "@/lib/quran/cover";
import { SURAHS } from "@/lib/quran";
import type { ChildView } from "@/lib/features/family/queries";
import type { AttendanceFacts } from "@/lib/features/progress/figures";
import { quranMap, schoolDayOf } from "@/lib/features/progress/quran-map";
import { periodFigures } from "@/lib/features/progress/report";
import { ratingLabel } from "@/lib/features/students/recitations";
import type { Locale } from "@/lib/i18n/core";

/** The ayahs of one surah a student recited in the term, by kind (each ayah counted once per kind). */
export type SurahLine = {
  surah: number;
  nameArabic: string;
  nameTransliteration: string;
  ayahCount: number;
  newAyahs: number;
  revisedAyahs: number;
  recitations: number;
};

export type CardRecitation = { day: string; kind: Recitation["kind"]; range: Recitation["range"]; rating: string };

/**
 * Everything a term report card says, built only from the parent-safe view of the child
 * (`childView`, the family page's one allowlist) plus the term, the school's name and the comment
 * the teacher wrote for the family. Nothing else a teacher writes can reach it.
 */
export type ReportCard = {
  school: { name: string; nameArabic: string | null };
  student: { name: string; halqaName: string | null };
  term: { name: string; startsOn: string; endsOn: string };
  /** The school day the card was made on. */
  issuedOn: string;
  /** The family page's figures (figures.ts): present and late attend, absent misses, excused is left out of the rate. */
  attendance: AttendanceFacts;
  quran: { newAyahs: number; memorisedAyahs: number; memorisedPercent: number; surahs: SurahLine[] };
  recitations: {
    total: number;
    byKind: Record<Recitation["kind"], number>;
    meanRating: string | null;
    list: CardRecitation[];
  };
  assignments: ChildView["assignments"];
  plan: ChildView["plan"];
  comment: string | null;
};

export type CardInput = {
  child: ChildView;
  school: Pick<School, "name" | "name_ar" | "time_zone" | "rating_scale">;
  term: Pick<Semester, "name" | "starts_on" | "ends_on">;
  today: string;
  comment: string | null;
};

/** The card of one child for one term (pure: the loader reads the records, this shapes them). */
export function reportCard({ child, school, term, today, comment }: CardInput, locale: Locale): ReportCard {
  const period = { kind: "term" as const, from: term.starts_on, to: term.ends_on };
  const tz = school.time_zone;
  // The report's own period figures (report.ts): the term's recitations, counts by kind, new ayahs.
  const { figures, until } = periodFigures(
    child.progress.recitations.map((r) => ({ ...r, mistakes: null })),
    [],
    { halqa_id: "", enrolled_on: null },
    period,
    tz,
  );
  const map = quranMap(until, term.ends_on < today ? term.ends_on : today, tz);
  const mean = figures.meanRating === null ? null : Math.round(figures.meanRating);
  return {
    school: { name: school.name, nameArabic: school.name_ar },
    student: { name: child.documentName, halqaName: child.halqaName },
    term: { name: term.name, startsOn: term.starts_on, endsOn: term.ends_on },
    issuedOn: today,
    attendance: child.attendanceFacts,
    quran: {
      newAyahs: figures.newAyahs,
      memorisedAyahs: map.memorisedAyahs,
      memorisedPercent: map.memorisedPercent,
      surahs: surahLines(figures.recitations),
    },
    recitations: {
      total: figures.recitations.length,
      byKind: Object.fromEntries(RECITATION_KINDS.map((kind) => [kind, figures.byKind[kind]])) as Record<
        Recitation["kind"],
        number
      >,
      meanRating: mean === null ? null : ratingLabel(school.rating_scale, mean, locale),
      list: figures.recitations.map((r) => ({
        day: schoolDayOf(r.recorded_at, tz),
        kind: r.kind,
        range: r.range,
        rating: ratingLabel(school.rating_scale, r.rating, locale),
      })),
    },
    assignments: child.assignments,
    plan: child.plan,
    comment: comment?.trim() ? comment.trim() : null,
  };
}

const SURAH_FIRST_AYAH = (() => {
  const firsts: number[] = [];
  for (const surah of SURAHS) firsts.push(ayahIdOf({ surah: surah.number, ayah: 1 }));
  return firsts;
})();

/** The term's recitations by surah, in mushaf order: ayahs newly memorised and ayahs revised (each counted once). */
export function surahLines(recitations: readonly Pick<Recitation, "kind" | "range">[]): SurahLine[] {
  const lines = new Map<number, { fresh: Set<number>; revised: Set<number>; recitations: number }>();
  for (const { kind, range } of recitations) {
    const first = ayahIdOf(range.start);
    const last = ayahIdOf(range.end);
    for (let surah = range.start.surah; surah <= range.end.surah; surah++) {
      const line =
        lines.get(surah) ?? lines.set(surah, { fresh: new Set(), revised: new Set(), recitations: 0 }).get(surah)!;
      line.recitations++;
      const from = Math.max(first, SURAH_FIRST_AYAH[surah - 1]!);
      const to = Math.min(last, (SURAH_FIRST_AYAH[surah] ?? Infinity) - 1);
      const into = kind === "new_memorization" ? line.fresh : line.revised;
      for (let ayah = from; ayah <= to; ayah++) into.add(ayah);
    }
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, line]) => {
      const info = SURAHS[number - 1]!;
      return {
        surah: number,
        nameArabic: info.name_arabic,
        nameTransliteration: info.name_transliteration,
        ayahCount: info.ayah_count,
        newAyahs: line.fresh.size,
        revisedAyahs: line.revised.size,
        recitations: line.recitations,
      };
    });
}
