import { localDigits } from "@/lib/i18n/digits";
import { isRightToLeft, type Locale, type Numerals } from "@/lib/i18n/locales";
import type { Timetable, Weekday } from "./rules";

/** A weekday's name in the reader's language (ISO 1 Monday … 7 Sunday; 2024-01-01 was a Monday). */
export function weekdayName(locale: Locale, day: Weekday, width: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));
}

/** "16:00–17:30" or "16:00", in the school's digits: a timetabled halqa's hours, wherever they are shown. */
export function hoursText(locale: Locale, numerals: Numerals, t: Pick<Timetable, "startsAt" | "endsAt">): string {
  return localDigits(t.endsAt ? `${t.startsAt}–${t.endsAt}` : t.startsAt, locale, numerals);
}

/** "Mon, Wed · 16:00–17:30" ("الاثنين، الأربعاء، 16:00"), in the reader's language and the school's digits. */
export function timetableText(locale: Locale, numerals: Numerals, t: Timetable): string {
  const rtl = isRightToLeft(locale);
  const days = t.weekdays.map((day) => weekdayName(locale, day, "short")).join(rtl ? "، " : ", ");
  const times = hoursText(locale, numerals, t);
  // A middle dot reads as a zero (٠) beside Arabic-script digits.
  return rtl ? `${days}، ${times}` : `${days} · ${times}`;
}
