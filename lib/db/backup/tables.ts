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
