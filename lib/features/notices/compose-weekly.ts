import type { ChildView } from "@/lib/features/family/queries";
import { ratingLabel } from "@/lib/features/students/recitations";
import { assignmentWork } from "@/lib/features/family/glance";
import { rangeText } from "@/lib/features/progress/range-text";
import { dateIn } from "@/lib/dates";
import { attendanceRateText, streakText } from "@/lib/features/progress/attendance-words";
import { formatNumber, translator, type Locale } from "@/lib/i18n/core";
import { isolate, schoolTime } from "@/lib/i18n/school-time";
import { footerOf } from "./compose";
import { render, type Block, type Composed } from "./render";
import { type Formats } from "@/lib/i18n/locales";

/**
 * The weekly summary of one child, from the family pages' own view of the child (`loadChild`, the
 * one parent-safe function: invariant 10): the week's marks, its recitations (surah, ayah range,
 * the school's rating word) and the current and finished assignments of the parent allowlist.
 * Nothing but fields of that view is read, so nothing staff-only can reach the message.
 */
export type WeeklyFacts = {
  locale: Locale;
  schoolName: string;
  from: string;
  to: string;
  child: ChildView;
  /** The child's family page, where the parent sees the rest. */
  childUrl: string;
  unsubscribeUrl: string;
  formats?: Formats;
};

const inWeek = (day: string, from: string, to: string) => day >= from && day <= to;

export function composeWeekly({
  locale,
  schoolName,
  from,
  to,
  child,
  childUrl,
  unsubscribeUrl,
  formats,
}: WeeklyFacts): Composed {
  const t = translator(locale, formats?.numerals);
  const number = (value: number) => formatNumber(locale, value, formats?.numerals);
  const zone = child.progress.timeZone;
  const clock = schoolTime(locale, zone, formats);
  const words = { t, locale, number };
  const vars = {
    child: child.name,
    halqa: child.halqaName ?? t("notices.mail.unknownHalqa"),
    from: clock.date(from),
    to: clock.date(to),
  };
  const attendance = child.attendance
    .filter((mark) => inWeek(mark.date, from, to))
    .toSorted((a, b) => a.date.localeCompare(b.date));
  // Every recitation of the week (the page's "recent" list stops at ten; a week can hold more).
  const recitations = child.progress.recitations
    .filter((r) => inWeek(dateIn(zone, new Date(r.recorded_at)), from, to))
    .toSorted((a, b) => a.recorded_at.localeCompare(b.recorded_at))
    .map((r) => ({
      recordedAt: r.recorded_at,
      range: r.range,
      rating: ratingLabel(child.progress.ratingScale, r.rating, locale),
    }));
  const assignments = [
    ...(child.assignments?.current ?? []),
    ...(child.assignments?.completed ?? []).filter(
      (a) => a.completedAt && inWeek(dateIn(zone, new Date(a.completedAt)), from, to),
    ),
  ];

  const blocks: Block[] = [
    { kind: "p", text: t("notices.mail.greeting") },
    { kind: "p", text: t("notices.mail.weeklyIntro", vars) },
    { kind: "h", text: t("notices.mail.weeklyAttendance") },
  ];
  blocks.push(
    attendance.length
      ? {
          kind: "list",
          items: attendance.map(
            (mark) =>
              `${clock.date(mark.date, { hijri: true })}: ${t(`notices.mail.status.${mark.status ?? "unmarked"}`)}`,
          ),
        }
      : { kind: "p", text: t("notices.mail.weeklyNoSessions") },
    // The term so far, as the family page counts it (figures.ts) and says it (attendance-words.ts).
    {
      kind: "p",
      text: t("notices.mail.weeklyRate", { rate: attendanceRateText(child.attendanceFacts, { t, number }) }),
    },
    { kind: "p", text: t("notices.mail.weeklyStreak", { streak: streakText(child.attendanceFacts, { t }) }) },
  );
  blocks.push({ kind: "h", text: t("notices.mail.weeklyRecitations") });
  blocks.push(
    recitations.length
      ? {
          kind: "list",
          items: recitations.map(
            (r) =>
              `${clock.date(r.recordedAt)}: ${t("notices.mail.weeklyRecitation", { range: isolate(locale, rangeText(r.range.start, r.range.end, words)), rating: r.rating })}`,
          ),
        }
      : { kind: "p", text: t("notices.mail.weeklyNoRecitations") },
  );
  if (child.assignments) {
    blocks.push({ kind: "h", text: t("notices.mail.weeklyAssignments") });
    blocks.push(
      assignments.length
        ? {
            kind: "list",
            // Each passage with what to do with it, as the family page says it (glance.ts).
            items: assignments.map(
              (a) =>
                `${assignmentWork(a.segments, words)}: ${t(`notices.mail.assignmentStatus.${a.status}`)} (${t("notices.mail.weeklyDue", { date: clock.date(a.dueDate) })})`,
            ),
          }
        : { kind: "p", text: t("notices.mail.weeklyNoAssignments") },
    );
  }
  blocks.push({ kind: "link", text: t("notices.mail.weeklyChildPage", { child: child.name }), url: childUrl });
  blocks.push({ kind: "p", text: t("notices.mail.ifWrong") });
  return render(locale, t("notices.mail.weeklySubject", vars), blocks, footerOf(locale, schoolName, unsubscribeUrl));
}
