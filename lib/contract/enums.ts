/**
 * The closed value sets of the v1 resources, without zod: client components import them from here,
 * so a browser bundle never carries the contract's schemas (resources.ts builds its enums from these).
 */
export const SEMESTER_STATUSES = ["planned", "active", "archived"] as const;
export const STUDENT_STATUSES = ["active", "on_leave", "withdrawn", "graduated"] as const;
export const SESSION_STATUSES = ["open", "ended"] as const;
export const ATTENDANCE_STATUSES = ["present", "absent", "late", "excused"] as const;
export const RECITATION_KINDS = ["new_memorization", "recent_revision", "old_revision"] as const;
export const PLAN_STATUSES = ["draft", "active", "paused", "completed", "cancelled"] as const;
export const PLAN_DIRECTIONS = ["ascending", "descending"] as const;
export const PUBLICATION_POLICIES = ["automatic", "staff_review"] as const;
export const POLICY_SOURCES = ["school", "halqa", "learner"] as const;
export const TRACK_UNITS = ["ayah", "line", "page"] as const;
export const ASSIGNMENT_STATUSES = [
  "draft",
  "pending_review",
  "scheduled",
  "published",
  "in_progress",
  "completed",
  "postponed",
  "superseded",
  "cancelled",
] as const;
export const ASSIGNMENT_SOURCES = ["automatic", "staff"] as const;
