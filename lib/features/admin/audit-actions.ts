/**
 * Every action the dashboard records in its audit log (the `name` of each `defineAction`), with the
 * catalogue key of its label (`admin.audit.actions.*`), and the kinds of record they touch. An
 * action not listed here (an old or future name) is shown as recorded.
 */
export const AUDIT_ACTIONS = {
  "session.create": "sessionCreate",
  "session.update": "sessionUpdate",
  "session.end": "sessionEnd",
  "attendance.save": "attendanceSave",
  "recitation.record": "recitationRecord",
  "student.create": "studentCreate",
  "student.update": "studentUpdate",
  "user.create": "userCreate",
  "user.setRole": "userSetRole",
  "user.setDisabled": "userSetDisabled",
  "user.linkSheikh": "userLinkSheikh",
  "user.linkStudent": "userLinkStudent",
  "user.unlink": "userUnlink",
  "plans.sync": "plansSync",
  "plans.refresh": "plansRefresh",
  "progress.settings": "progressSettings",
  "excuse.request": "excuseRequest",
  "notices.kind": "noticesKind",
  "notices.times": "noticesTimes",
  "notices.resend": "noticesResend",
  "notices.weekly_now": "noticesWeeklyNow",
  "notices.choices": "noticesChoices",
  "notices.unsubscribe": "noticesUnsubscribe",
  "languages.settings": "languageSettings",
  "notebook.settings": "notebookSettings",
  "timetable.save": "timetableSave",
  "timetable.remove": "timetableRemove",
  // Written by the command line's restore of a file this deployment did not sign (--accept-unsigned).
  "backup.restore_unsigned": "backupRestoreUnsigned",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

export const AUDIT_TARGETS = {
  user: "user",
  session: "session",
  student: "student",
  recitation: "recitation",
  learning_plan: "learningPlan",
  plan_sync: "planSync",
  progress_settings: "progressSettings",
  excuse_request: "excuseRequest",
  notice_settings: "noticeSettings",
  notice: "notice",
  notice_preferences: "noticePreferences",
  language_settings: "languageSettings",
  notebook_settings: "notebookSettings",
  halqa_timetable: "halqaTimetable",
} as const;

export type AuditTarget = keyof typeof AUDIT_TARGETS;
export const isAuditTarget = (value: string): value is AuditTarget => Object.hasOwn(AUDIT_TARGETS, value);

/** The page a record of the log opens, when it has one (ids are taken as recorded, never parsed). */
export function auditTargetHref(type: string | null, id: string | null): string | null {
  if (type === "plan_sync") return "/plans";
  if (!type || !id) return null;
  const path = { user: "/admin/users", session: "/sessions", student: "/students", learning_plan: "/plans" }[type];
  return path ? `${path}/${encodeURIComponent(id)}` : null;
}

export const AUDIT_OUTCOMES = ["ok", "denied", "failed"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
