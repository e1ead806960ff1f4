/**
 * Shared by the live session screen (browser) and its write path and read model (server). Types
 * only, plus a few constants: nothing here may pull zod, the contract's schemas or server code
 * into the browser bundle.
 */
import type { AttendanceRow, Recitation, Session, Student } from "@/lib/contract";
import type { MistakeTap } from "@/lib/features/notebook/mistakes";
import type { ActionResult } from "@/lib/actions/result";

export const MARK_STATUSES = ["present", "absent", "late", "excused"] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

export const RECITATION_KIND_VALUES = ["new_memorization", "recent_revision", "old_revision"] as const;
export type RecitationKind = (typeof RECITATION_KIND_VALUES)[number];

export type QuranPoint = { surah: number; ayah: number };

/** What one tap (or the late-minutes / note editor) sets for a student. */
export type MarkValue = { status: MarkStatus; late_minutes: number | null; note: string | null };

/** A recitation as the teacher records it, before it has an id. */
export type RecitationDraft = {
  student_id: string;
  kind: RecitationKind;
  start: QuranPoint;
  end: QuranPoint;
  rating: number;
  mistakes: number | null;
  note: string | null;
  /** The mistakes as the teacher tapped them (issue 29); `mistakes` is then their number. Absent in drafts queued before. */
  taps?: MistakeTap[];
};

// ------------------------------------------------------------------ wire (server actions)

export type MarkInput = {
  student_id: string;
  status: MarkStatus;
  late_minutes?: number | null;
  note?: string | null;
  /** The queue's version of this mark: per device, strictly increasing, also across reloads. */
  clientVersion: number;
};

export type SaveMarksInput = {
  sessionId: string;
  /** One browser's queue for this session; versions are compared per device. */
  deviceId: string;
  marks: MarkInput[];
};

export type SaveMarksData = {
  session_id: string;
  /** The rows of the students written, as stored. */
  rows: AttendanceRow[];
  /** Students skipped because this device already wrote a newer version (a late, older batch). */
  stale: string[];
};

export type RecordRecitationInput = RecitationDraft & {
  sessionId: string;
  /** Made once when the teacher records it; the create's `Idempotency-Key`. */
  clientId: string;
  /** When the teacher recorded it (ISO); sent as the recitation's `recorded_at`, and used to recognise it. */
  recorded_at: string;
  /** An earlier attempt may have reached the server: look for it before creating. */
  maybeSent?: boolean;
};

export type RecordRecitationData = {
  recitation: Recitation;
  /** Already on the server: found, or replayed by its key. */ replayed: boolean;
};

/**
 * The live queue's senders: the write actions, answering as every action does (ActionResult,
 * lib/actions/result.ts). `retryable` failures (network, 5xx, 429) are kept pending and retried; the
 * others (403, 422, 409, signed out) are kept as failed with their reason until the teacher fixes,
 * retries or discards them; `blocked` ones (the key or the school cannot write at all) turn the
 * screen read-only. A call that throws or gets no answer in time is a retryable failure (`noAnswer`, `noAnswerInTime`).
 * The marks' `fieldErrors` are keyed by student id.
 */
export type LiveSenders = {
  marks(input: SaveMarksInput): Promise<ActionResult<SaveMarksData>>;
  recitation(input: RecordRecitationInput): Promise<ActionResult<RecordRecitationData>>;
};

// ------------------------------------------------------------------ read model (GET /api/live/sessions/{id})

export type RosterStudent = Pick<Student, "id" | "lineage_id" | "full_name" | "preferred_name" | "status">;

export type LiveSnapshot = {
  /** The school's id (`GET /school`): the browser keeps pending work per school and session. */
  tenantId: string;
  session: Session;
  /** Students eligible for the session: active and enrolled in its halqa, by name. */
  roster: RosterStudent[];
  /** The halqa's other students (on leave, withdrawn, graduated…): shown with their status, not hidden. */
  ineligible: RosterStudent[];
  attendance: AttendanceRow[];
  recitations: Recitation[];
  can: { markAttendance: boolean; recordRecitation: boolean; endSession: boolean };
  /** Parents' excuse requests for this session's date, by the child's lineage (lib/features/excuses): shown as text. */
  excuses?: { lineageId: string; reason: string }[];
  /** Server time of the read (ISO). */
  fetchedAt: string;
};

// ------------------------------------------------------------------ persisted queue (IndexedDB)

export type QueuedMark = {
  student_id: string;
  value: MarkValue;
  version: number;
  state: "pending" | "failed";
  reason?: string;
  fieldErrors?: Record<string, string>;
  /** When the teacher made this change (ms since epoch). */
  changedAt: number;
  /**
   * Held back until then (ms since epoch) so the teacher can take it back ("Mark the rest present"):
   * while held and unsent, undoing it leaves no trace on the server (docs: README, "Undo window").
   */
  holdUntil?: number;
};

export type QueuedRecitation = {
  clientId: string;
  draft: RecitationDraft;
  recorded_at: string;
  /** Attempts started so far; persisted before each one, so a reload knows one may have arrived. */
  attempts: number;
  state: "pending" | "failed";
  reason?: string;
  fieldErrors?: Record<string, string>;
  createdAt: number;
  /** Held back until then (ms since epoch): the API cannot change or delete a sent recitation, so this is its undo window. */
  holdUntil?: number;
};

export type PersistedQueue = {
  v: 1;
  tenantId: string;
  sessionId: string;
  deviceId: string;
  /** Highest version handed out; versions keep increasing after a reload. */
  counter: number;
  marks: QueuedMark[];
  recitations: QueuedRecitation[];
  /**
   * Rows this device saved, as the server answered: a reload while offline shows them even when no
   * poll had seen them before the network went (absent in records written before issue 14).
   */
  savedRows?: AttendanceRow[];
  /** When this record was last written (ms since epoch). */
  savedAt: number;
};
