import { translator, type Locale } from "@/lib/i18n/core";
import type { Formats } from "@/lib/i18n/locales";
import { schoolTime } from "@/lib/i18n/school-time";
import { render, type Composed } from "./render";

/**
 * The missing-register messages to staff (issue 25), from named facts only: the halqa, the school
 * date and the timetabled start (school time), and for the summary the teachers' names. No student
 * is named. The footer links to the dashboard (staff do not unsubscribe: admins turn these off).
 */
type Common = { locale: Locale; schoolName: string; timeZone: string; date: string; link: string; formats?: Formats };

export function composeMissingReminder(
  facts: Common & { halqaName: string; startsAt: string; unmarked: number | null },
): Composed {
  const t = translator(facts.locale, facts.formats?.numerals);
  const clock = schoolTime(facts.locale, facts.timeZone, facts.formats);
  const vars = {
    halqa: facts.halqaName,
    time: clock.time(facts.startsAt),
    date: clock.date(facts.date, { hijri: true }),
  };
  const body =
    facts.unmarked === null
      ? t("notices.staff.reminderBody", vars)
      : t("notices.staff.reminderUnmarked", { ...vars, count: facts.unmarked });
  return render(
    facts.locale,
    t("notices.staff.reminderSubject", vars),
    [
      { kind: "p", text: t("notices.mail.greeting") },
      { kind: "p", text: body },
    ],
    footer(facts, t),
  );
}

export type MissingLine = { halqaName: string; startsAt: string; teachers: string[] };

/** `asOf`: the instant the summary speaks for, the time the school chose for it (not "the end of the day": a school may send it at 09:40). */
export function composeMissingSummary(facts: Common & { lines: readonly MissingLine[]; asOf: string }): Composed {
  const t = translator(facts.locale, facts.formats?.numerals);
  const clock = schoolTime(facts.locale, facts.timeZone, facts.formats);
  const date = clock.date(facts.date, { hijri: true });
  const items = facts.lines.map((line) =>
    t("notices.staff.summaryLine", {
      halqa: line.halqaName,
      time: clock.time(line.startsAt),
      teachers: line.teachers.join(", ") || t("notices.staff.noTeacher"),
    }),
  );
  return render(
    facts.locale,
    t("notices.staff.summarySubject", { count: facts.lines.length, date: clock.date(facts.date) }),
    [
      { kind: "p", text: t("notices.mail.greeting") },
      {
        kind: "p",
        text: t("notices.staff.summaryIntro", { count: facts.lines.length, date, time: clock.time(facts.asOf) }),
      },
      { kind: "list", items },
    ],
    footer(facts, t),
  );
}

function footer(facts: Common, t: ReturnType<typeof translator>) {
  return {
    text: t("notices.staff.footer", { school: facts.schoolName }),
    unsubscribeLabel: t("notices.staff.open"),
    unsubscribeUrl: facts.link,
  };
}
