import "server-only";
import type { Recitation } from "@/lib/contract";
import { wholePercent } from "@/lib/percent";
import { surahInfo } from "@/lib/quran";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";
import type { ReportCard } from "./card";
import { CardWriter } from "./pdf-page";
import { schoolNameIn } from "@/lib/features/school/name";

/** Lines a list may take on an A4 card before the rest is summed up in one line. */
const LIST_LINES = { surahs: 10, recitations: 8, assignments: 6 } as const;
/** A section heading's height (its gap and its line at 13 pt). */
const HEADING_ROOM = 6 + 13 * 1.5;

/** The cards as one A4 PDF, one card a page, in the reader's language and direction. */
export async function renderCards(cards: readonly ReportCard[], i18n: I18n): Promise<Uint8Array<ArrayBuffer>> {
  const { t } = i18n;
  const first = cards[0];
  const writer = new CardWriter(isRightToLeft(i18n.locale) ? "rtl" : "ltr", {
    title: t("reportCards.title"),
    author: first ? schoolName(first, i18n) : "",
  });
  for (const card of cards) writeCard(writer, card, i18n);
  if (cards.length === 0) {
    writer.page();
    writer.line(t("reportCards.title"), { size: 16, bold: true });
  }
  return writer.bytes();
}

function schoolName(card: ReportCard, i18n: I18n): string {
  return schoolNameIn({ name: card.school.name, name_ar: card.school.nameArabic }, i18n.locale);
}

function writeCard(w: CardWriter, card: ReportCard, i18n: I18n): void {
  const { t, number } = i18n;
  const day = (value: string) => i18n.date(value, { hijri: true });
  w.page();
  // The teacher's comment is what a family reads first: its room is kept before any list is written.
  const comment = card.comment ?? t("reportCards.comment.none");
  w.line(schoolName(card, i18n), { size: 18, bold: true });
  w.line(t("reportCards.title"), { size: 14, bold: true });
  w.line(t("reportCards.student", { name: card.student.name }), { size: 12 });
  if (card.student.halqaName) w.line(t("reportCards.halqa", { name: card.student.halqaName }));
  w.line(t("reportCards.term", { name: card.term.name, from: day(card.term.startsOn), to: day(card.term.endsOn) }));
  w.line(t("reportCards.issued", { date: day(card.issuedOn) }), { muted: true });
  w.rule();

  w.reserved = HEADING_ROOM + w.heightOf(comment);
  const a = card.attendance;
  heading(w, t("reportCards.attendance.title"));
  w.line(
    t("reportCards.attendance.counts", { present: a.present, late: a.late, absent: a.missed, excused: a.excused }),
  );
  w.line(
    a.rate === null
      ? t("reportCards.attendance.noRate")
      : t("reportCards.attendance.rate", { rate: wholePercent(a.rate), counted: a.counted }),
  );

  heading(w, t("reportCards.quran.title"));
  const q = card.quran;
  w.line(t("reportCards.quran.newAyahs", { count: q.newAyahs }));
  w.line(t("reportCards.quran.memorised", { count: q.memorisedAyahs, percent: q.memorisedPercent }));
  if (q.surahs.length === 0) w.line(t("reportCards.quran.none"), { muted: true });
  const surahs = listed(w, q.surahs, LIST_LINES.surahs, (line) =>
    w.line(
      t("reportCards.quran.surah", {
        surah: surahName(line.surah, i18n),
        fresh: number(line.newAyahs),
        revised: number(line.revisedAyahs),
      }),
    ),
  );
  if (q.surahs.length > surahs)
    w.line(t("reportCards.quran.more", { count: q.surahs.length - surahs }), { muted: true });

  heading(w, t("reportCards.recitations.title"));
  const r = card.recitations;
  w.line(
    t("reportCards.recitations.total", {
      count: r.total,
      fresh: r.byKind.new_memorization,
      recent: r.byKind.recent_revision,
      old: r.byKind.old_revision,
    }),
  );
  if (r.meanRating) w.line(t("reportCards.recitations.mean", { rating: r.meanRating }));
  // The latest of the term, newest first: what a family recognises.
  const latest = listed(w, r.list.toReversed(), LIST_LINES.recitations, (one) =>
    w.line(
      t("reportCards.recitations.line", {
        date: i18n.date(one.day),
        kind: t(`reportCards.recitations.kinds.${one.kind}`),
        range: rangeText(one.range, i18n),
        rating: one.rating,
      }),
    ),
  );
  if (r.list.length > latest)
    w.line(t("reportCards.recitations.more", { count: r.list.length - latest }), { muted: true });

  heading(w, t("reportCards.assignments.title"));
  if (card.assignments === null) w.line(t("reportCards.assignments.unavailable"), { muted: true });
  else {
    const all = [...card.assignments.current, ...card.assignments.completed].filter(
      (x) => x.dueDate >= card.term.startsOn && x.dueDate <= card.term.endsOn,
    );
    if (all.length === 0) w.line(t("reportCards.assignments.none"), { muted: true });
    listed(w, all, LIST_LINES.assignments, (x) => {
      const what = x.segments.map((s) => rangeText({ start: s.start, end: s.end }, i18n)).join(i18n.separator);
      w.line(
        t("reportCards.assignments.line", {
          status: t(`reportCards.assignments.statuses.${x.status}`),
          what,
          date: i18n.date(x.dueDate),
        }),
      );
    });
  }
  if (card.plan && card.plan !== "unavailable") {
    const tracks = card.plan.tracks
      .map((track) =>
        t("reportCards.assignments.track", {
          kind: t(`reportCards.recitations.kinds.${track.type}`),
          percent: track.percent,
        }),
      )
      .join(i18n.separator);
    w.line(t("reportCards.assignments.plan", { tracks }));
  }

  w.reserved = 0;
  heading(w, t("reportCards.comment.title"));
  w.line(comment, card.comment ? {} : { muted: true });
}

/** Lines of a list written while there is room for one more line after them (the "… and N more"). */
function listed<T>(w: CardWriter, items: readonly T[], max: number, write: (item: T) => void): number {
  let written = 0;
  for (const item of items.slice(0, max)) {
    if (!w.fits(2)) break;
    write(item);
    written++;
  }
  return written;
}

function heading(w: CardWriter, text: string): void {
  w.gap(6);
  w.line(text, { size: 13, bold: true });
}

function surahName(n: number, i18n: I18n): string {
  const info = surahInfo(n);
  if (!info) return i18n.number(n);
  return isRightToLeft(i18n.locale) ? info.name_arabic : info.name_transliteration;
}

function rangeText(range: Recitation["range"], i18n: I18n): string {
  const { t } = i18n;
  if (range.start.surah === range.end.surah)
    return t("reportCards.range.within", {
      surah: surahName(range.start.surah, i18n),
      from: range.start.ayah,
      to: range.end.ayah,
    });
  const point = (p: { surah: number; ayah: number }) =>
    t("reportCards.range.point", { surah: surahName(p.surah, i18n), ayah: p.ayah });
  return t("reportCards.range.across", { from: point(range.start), to: point(range.end) });
}
