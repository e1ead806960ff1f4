import "server-only";
import { eq, sql } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { connections, schoolLanguageSettings } from "@/lib/db/schema";
import { translator, type Translate } from "@/lib/i18n/core";
import { CALENDAR_ORDERS, DEFAULT_FORMATS, isLocale, NUMERALS, type Formats, type Locale } from "@/lib/i18n/locales";

/**
 * Each school's languages, in the dashboard store by connection (edited by admins on the connection
 * page): the language new users start in and the fallback for a browser that asks for none of
 * ours, and the school's digits and calendars. Defaults until an admin saves.
 */
export type SchoolLanguages = { defaultLocale: Locale; formats: Formats };

export const DEFAULT_SCHOOL_LANGUAGES: SchoolLanguages = { defaultLocale: "en", formats: DEFAULT_FORMATS };

type Row = typeof schoolLanguageSettings.$inferSelect;

// A value stored by an older or newer version reads as the default, never as an error.
function shape(row: Row | undefined): SchoolLanguages {
  if (!row) return DEFAULT_SCHOOL_LANGUAGES;
  return {
    defaultLocale: isLocale(row.defaultLocale) ? row.defaultLocale : "en",
    formats: {
      numerals: NUMERALS.includes(row.numerals) ? row.numerals : DEFAULT_FORMATS.numerals,
      calendars: CALENDAR_ORDERS.includes(row.calendars) ? row.calendars : DEFAULT_FORMATS.calendars,
    },
  };
}

/** `store`: the caller's own handle on the dashboard store (a job's), else the process's. */
export async function getSchoolLanguages(connectionId: string, store?: DashboardDb): Promise<SchoolLanguages> {
  const db = store ?? (await dashboardDb());
  const [row] = await db
    .select()
    .from(schoolLanguageSettings)
    .where(eq(schoolLanguageSettings.connectionId, connectionId))
    .limit(1);
  return shape(row);
}

/**
 * The words of what an action or a route answers a signed-in person (a refusal, "12 marks saved", a
 * CSV's headings): their language, numbers in their school's digits, as its pages write them.
 */
export async function readerTranslator(actor: { locale: Locale; connectionId: string }): Promise<Translate> {
  const { formats } = await getSchoolLanguages(actor.connectionId);
  return translator(actor.locale, formats.numerals);
}

/** For a signed-out visitor: the school's settings when this dashboard serves one school, else the defaults. */
export async function visitorSchoolLanguages(): Promise<SchoolLanguages> {
  const db = await dashboardDb();
  const schools = await db.select({ id: connections.id }).from(connections).limit(2);
  return schools.length === 1 && schools[0] ? getSchoolLanguages(schools[0].id) : DEFAULT_SCHOOL_LANGUAGES;
}

export async function saveSchoolLanguages(
  connectionId: string,
  settings: SchoolLanguages,
  userId: string,
): Promise<void> {
  const db = await dashboardDb();
  const values = {
    defaultLocale: settings.defaultLocale,
    numerals: settings.formats.numerals,
    calendars: settings.formats.calendars,
    updatedBy: userId,
  };
  await db
    .insert(schoolLanguageSettings)
    .values({ connectionId, ...values })
    .onConflictDoUpdate({ target: schoolLanguageSettings.connectionId, set: { ...values, updatedAt: sql`now()` } });
}
