import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { CalendarOrder, Locale, Numerals } from "../i18n/locales";

/**
 * Each school's languages (issue 26): the language new users start in (and what an unknown or
 * malformed cookie or Accept-Language falls back to), the digits and the order of the Hijri and
 * Gregorian dates. No row: the defaults of lib/i18n/locales.ts.
 */
export const schoolLanguageSettings = pgTable("school_language_settings", {
  connectionId: text("connection_id").primaryKey(),
  defaultLocale: text("default_locale").$type<Locale>().notNull().default("en"),
  numerals: text("numerals").$type<Numerals>().notNull().default("western"),
  calendars: text("calendars").$type<CalendarOrder>().notNull().default("gregorian-first"),
  updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});
