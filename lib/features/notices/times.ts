/**
 * When the school's scheduled messages go out, in school time: the weekly summaries' day (0 = Sunday
 * … 6 = Saturday) and time, and the time from which the admins get the day's missing registers. The
 * defaults are the store's column defaults (lib/db/schema-notices.ts); admins change them on the
 * Messages page.
 */
export type NoticeTimes = { weeklyDay: number; weeklyTime: string; summaryTime: string };

export const DEFAULT_NOTICE_TIMES: NoticeTimes = { weeklyDay: 4, weeklyTime: "16:00", summaryTime: "20:00" };

/** A time of day as the forms send it and the store keeps it: `HH:MM`, 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
