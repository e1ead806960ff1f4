/**
 * The one place dates and times are written for people: always in the school's time zone (from
 * GET /school), Gregorian with the Hijri (Umm al-Qura) date beside it where asked, in the order the
 * school chose (or Gregorian only), in the school's digits. Pure, so server pages and client
 * components format alike.
 */
import { DEFAULT_FORMATS, intlTag, isRightToLeft, type Formats, type Locale } from "./locales";

export type DateOptions = { hijri?: boolean; time?: boolean };

export type SchoolTime = {
  /** The IANA zone times are shown in; null when the school could not be asked (then UTC, and times say so). */
  readonly timeZone: string | null;
  /** A school day ("2026-11-22", never shifted) or an instant's day in the school's zone; `time` adds the time of day. */
  date(value: Date | string, options?: DateOptions): string;
  /** A school day's dates apart, for layouts that stack them: the first the school chose, and the other (null: Gregorian only). */
  dateParts(value: Date | string): { main: string; beside: string | null };
  /** An instant's time of day in the school's zone. */
  time(value: Date | string): string;
};

/** Between two dates or facts in running text: the Arabic comma in the Arabic script, since a middle dot reads as the digit zero (٠). */
export function separatorOf(locale: Locale): string {
  return isRightToLeft(locale) ? "، " : " · ";
}

/** First-strong isolation (FSI … PDI): a date or number keeps its own order beside right-to-left text. */
export function isolate(locale: Locale, text: string): string {
  return isRightToLeft(locale) ? `\u2068${text}\u2069` : text;
}

const SCHOOL_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, Intl.DateTimeFormat>();

function format(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(tag, options)));
  return found;
}

export function schoolTime(locale: Locale, timeZone: string | null, formats: Formats = DEFAULT_FORMATS): SchoolTime {
  const zone = timeZone ?? "UTC";
  // ar-SA counts in the Umm al-Qura calendar by default; both calendars are asked for by name.
  const gregorianTag = intlTag(locale, formats.numerals, "gregory");
  const hijriTag = intlTag(locale, formats.numerals, "islamic-umalqura");
  // Styles cannot carry a zone name, so a time in an unknown school zone is spelled out with "UTC" after it.
  const clock: Intl.DateTimeFormatOptions = timeZone
    ? { timeStyle: "short" }
    : { hour: "numeric", minute: "2-digit", timeZoneName: "short" };
  const stamp: Intl.DateTimeFormatOptions = timeZone
    ? { dateStyle: "medium", timeStyle: "short" }
    : { year: "numeric", month: "short", day: "numeric", ...clock };

  // A school day is a calendar date, not an instant: read at noon UTC it is the same day everywhere.
  const read = (value: Date | string) => {
    if (typeof value !== "string") return { instant: value, day: false };
    const day = SCHOOL_DAY.test(value);
    return { instant: new Date(day ? `${value}T12:00:00Z` : value), day };
  };

  const parts = (value: Date | string, time = false) => {
    const { instant, day } = read(value);
    const dayZone = day ? "UTC" : zone;
    const gregorian =
      day || !time
        ? format(gregorianTag, { dateStyle: "medium", timeZone: dayZone }).format(instant)
        : format(gregorianTag, { ...stamp, timeZone: zone }).format(instant);
    // Hijri months in full outside Arabic ("Jumada II", not "Jum. II"): the short forms are cryptic to most readers.
    const hijri = format(hijriTag, { dateStyle: locale === "ar" ? "medium" : "long", timeZone: dayZone }).format(
      instant,
    );
    return { gregorian, hijri };
  };

  // The one place the school's order of the two calendars is applied.
  const ordered = ({ gregorian, hijri }: { gregorian: string; hijri: string }) => {
    if (formats.calendars === "gregorian-only") return { main: isolate(locale, gregorian), beside: null };
    const [main, beside] = formats.calendars === "hijri-first" ? [hijri, gregorian] : [gregorian, hijri];
    return { main: isolate(locale, main), beside: isolate(locale, beside) };
  };

  return {
    timeZone,
    date(value, options = {}) {
      const both = parts(value, options.time);
      if (!options.hijri) return isolate(locale, both.gregorian);
      const { main, beside } = ordered(both);
      return beside === null ? main : `${main}${separatorOf(locale)}${beside}`;
    },
    dateParts(value) {
      return ordered(parts(value));
    },
    time(value) {
      return isolate(locale, format(gregorianTag, { ...clock, timeZone: zone }).format(read(value).instant));
    },
  };
}
