import { ROLES } from "../schema";
import { NOTICE_KINDS, NOTICE_STATUSES, STAFF_NOTICE_KINDS } from "../schema-notices";
import { CALENDAR_ORDERS, LOCALES, NUMERALS } from "@/lib/i18n/locales";

/**
 * What a backup of the dashboard's store holds: the tables whose rows exist nowhere else, in an
 * order that inserts a referenced row before the rows that reference it. Every other table of the
 * store is named in LEFT_OUT with the reason; tables.test.ts fails when a migration adds a table
 * that is in neither list, so a new table is never left out of backups by accident.
 */
export const BACKED_UP = [
  "connections",
  "users",
  "user_links",
  "audit_log",
  "progress_settings",
  // The sync records a plan's change of state when it sees it; the school's API gives no time for
  // it, so a new sync could not rebuild this history.
  "plan_status_changes",
  "notice_settings",
  "school_language_settings",
  "notice_preferences",
  "notice_outbox",
  "notice_registers",
  "notice_job_state",
  "excuse_requests",
  // The teacher's notebook (issue 29): the school's API keeps only each recitation's total.
  "notebook_settings",
  "recitation_mistakes",
  // The timetable of halqas (issue 25): the school's API has none, so nothing could rebuild it.
  "halqa_timetable",
  // The teachers' comments on term report cards (issue 25): written for families, nowhere else.
  "report_card_comments",
] as const;

export const LEFT_OUT: Record<string, string> = {
  synced_plans: "rebuilt by the plan sync",
  synced_assignments: "rebuilt by the plan sync",
  plan_sync_state: "rebuilt by the plan sync (a missing state starts a full cycle)",
  progress_sessions: "rebuilt by the progress sync",
  progress_attendance: "rebuilt by the progress sync",
  progress_recitations: "rebuilt by the progress sync",
  progress_students: "rebuilt by the progress sync",
  progress_sync_state: "rebuilt by the progress sync (a missing state starts a full cycle)",
  live_mark_versions: "the live register's guard of the last day; a restart forgets it too",
  sign_in_pairs: "sign-in throttling counts; they start again from zero",
};

export type BackedUpTable = (typeof BACKED_UP)[number];

export function isBackedUp(name: string): name is BackedUpTable {
  return (BACKED_UP as readonly string[]).includes(name);
}

/**
 * The values a column of the store may hold where the store's schema says only "text" (the code
 * defines them: a role, a language, a kind): a restore refuses a file with another value before
 * anything of it is kept. `role: "superadmin"` restored as it was would lock that admin out of every page.
 */
export const KNOWN_VALUES: Partial<Record<BackedUpTable, Record<string, readonly string[]>>> = {
  users: { role: ROLES, locale: LOCALES },
  user_links: { kind: ["sheikh", "student_lineage"] },
  audit_log: { result: ["ok", "denied", "failed"] },
  school_language_settings: { default_locale: LOCALES, numerals: NUMERALS, calendars: CALENDAR_ORDERS },
  notice_outbox: { kind: [...NOTICE_KINDS, ...STAFF_NOTICE_KINDS], status: NOTICE_STATUSES },
  notice_preferences: { kind: NOTICE_KINDS },
};

/** The first column of a row holding a value its column may not hold, or null. */
export function unknownValue(table: string, row: Record<string, unknown>): string | null {
  const known = isBackedUp(table) ? KNOWN_VALUES[table] : undefined;
  for (const [column, values] of Object.entries(known ?? {}))
    if (row[column] !== null && row[column] !== undefined && !values.includes(row[column] as string)) return column;
  return null;
}
