import { translator, type Locale } from "@/lib/i18n/core";
import type { Formats } from "@/lib/i18n/locales";
import { schoolTime } from "@/lib/i18n/school-time";
import { render, type Block, type Composed } from "./render";

/**
 * The absence and lateness notice, from the few facts a family may read (invariant 10): the child's
 * name, the halqa's name, the session's date and start, the mark and how late. Built from these
 * fields alone, so a teacher's note or anything else of the records cannot reach it.
 */
export type AbsenceFacts = {
  locale: Locale;
  schoolName: string;
  timeZone: string;
  childName: string;
  halqaName: string | null;
  /** The session's school date (YYYY-MM-DD) and its start (an instant). */
  date: string;
  startsAt: string;
  /** Absent or late; any mark when `supersedes`. */
  status: "absent" | "late" | "present" | "excused";
  lateMinutes: number | null;
  /**
   * The family was told of an earlier register of the same day: this later one supersedes it (issue 58.1),
   * and the message says what it now is and that it replaces the earlier one.
   */
  supersedes?: boolean;
  unsubscribeUrl: string;
  /** The school's digits and order of calendars, as on its pages (the defaults when absent). */
  formats?: Formats;
};

export function composeAbsence(facts: AbsenceFacts): Composed {
  const t = translator(facts.locale, facts.formats?.numerals);
  const clock = schoolTime(facts.locale, facts.timeZone, facts.formats);
  const vars = {
    child: facts.childName,
    date: clock.date(facts.date, { hijri: true }),
    halqa: facts.halqaName ?? t("notices.mail.unknownHalqa"),
    time: clock.time(facts.startsAt),
  };
  const day = { child: facts.childName, date: clock.date(facts.date) };
  const subject = facts.supersedes
    ? t("notices.mail.updateSubject", day)
    : t(facts.status === "late" ? "notices.mail.lateSubject" : "notices.mail.absenceSubject", day);
  const body = facts.supersedes
    ? t("notices.mail.updateBody", { ...vars, status: t(`notices.mail.status.${facts.status}`) })
    : t(facts.status === "late" ? "notices.mail.lateBody" : "notices.mail.absenceBody", vars);
  const blocks: Block[] = [
    { kind: "p", text: t("notices.mail.greeting") },
    { kind: "p", text: body },
  ];
  if (facts.status === "late" && facts.lateMinutes)
    blocks.push({ kind: "p", text: t("notices.mail.lateMinutes", { minutes: facts.lateMinutes }) });
  if (facts.supersedes) blocks.push({ kind: "p", text: t("notices.mail.supersedes") });
  blocks.push({ kind: "p", text: t("notices.mail.ifWrong") });
  return render(facts.locale, subject, blocks, footerOf(facts.locale, facts.schoolName, facts.unsubscribeUrl));
}

export function footerOf(locale: Locale, schoolName: string, unsubscribeUrl: string) {
  const t = translator(locale);
  return {
    text: t("notices.mail.footer", { school: schoolName }),
    unsubscribeLabel: t("notices.mail.unsubscribe"),
    unsubscribeUrl,
  };
}
