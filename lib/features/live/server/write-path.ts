/**
 * The live screen's writes, independent of transport: the server actions (actions.ts) run them
 * over the school's v1 client, the property test over a fake server with the same semantics.
 */
import type { AttendanceMark, AttendanceRow, Recitation } from "@/lib/contract";
import { observeGuardWait } from "@/lib/ops/metrics";
import type { MarkInput, RecitationDraft, RecordRecitationData, SaveMarksData } from "../types";
import { guardKey, type MarkGuard } from "./version-guard";

/** What the write path needs from the school's API. */
export type LiveApi = {
  /** `PUT /sessions/{id}/attendance` with exactly these rows; answers the stored rows. */
  upsertAttendance(sessionId: string, rows: AttendanceMark[]): Promise<AttendanceRow[]>;
  /** `POST /sessions/{id}/recitations` with an `Idempotency-Key`. */
  createRecitation(sessionId: string, body: RecitationBody, idempotencyKey: string): Promise<Recitation>;
  /** `GET /sessions/{id}/recitations?student_id=&kind=` (all pages). */
  listRecitations(
    sessionId: string,
    filter: { student_id: string; kind: RecitationDraft["kind"] },
  ): Promise<Recitation[]>;
  /** A 409 conflict (the key was used with another body, or a concurrent attempt holds it): `isConflict` of lib/v1. */
  isConflict(error: unknown): boolean;
};

export type RecitationBody = RecitationDraft & { recorded_at: string };

function toRow(mark: MarkInput): AttendanceMark {
  return {
    student_id: mark.student_id,
    status: mark.status,
    ...(mark.status === "late" && mark.late_minutes != null ? { late_minutes: mark.late_minutes } : {}),
    ...(mark.note != null && mark.note !== "" ? { note: mark.note } : {}),
  };
}

/**
 * One PUT with only the supplied students (spec rule 1), minus rows this device has already
 * superseded (a late duplicate of an older batch), applied in order per session.
 */
export function writeMarks(
  api: LiveApi,
  guard: MarkGuard,
  /** `userId`: the signed-in person; a device id is only trusted within their own writes. */
  scope: { connectionId: string; sessionId: string; userId: string; deviceId: string },
  marks: readonly MarkInput[],
): Promise<SaveMarksData> {
  const asked = performance.now();
  return guard.exclusive(guardKey(scope.connectionId, scope.sessionId), async (accept) => {
    observeGuardWait((performance.now() - asked) / 1000);
    const entries = marks.map((mark) => ({
      key: guardKey(scope.connectionId, scope.sessionId, scope.userId, scope.deviceId, mark.student_id),
      version: mark.clientVersion,
    }));
    const accepted = await accept(entries);
    const fresh = marks.filter((_, index) => accepted[index]);
    const stale = marks.filter((_, index) => !accepted[index]).map((mark) => mark.student_id);
    const rows = fresh.length > 0 ? await api.upsertAttendance(scope.sessionId, fresh.map(toRow)) : [];
    return { session_id: scope.sessionId, rows, stale };
  });
}

const samePoint = (a: { surah: number; ayah: number }, b: { surah: number; ayah: number }) =>
  a.surah === b.surah && a.ayah === b.ayah;

/**
 * The recitation an earlier attempt created, recognised by student, kind, range, rating and the
 * time the teacher recorded it (within a second: a server may store coarser timestamps).
 */
export function sameRecitation(recitation: Recitation, body: RecitationBody): boolean {
  return (
    recitation.student_id === body.student_id &&
    recitation.kind === body.kind &&
    samePoint(recitation.range.start, body.start) &&
    samePoint(recitation.range.end, body.end) &&
    recitation.rating === body.rating &&
    Math.abs(Date.parse(recitation.recorded_at) - Date.parse(body.recorded_at)) < 1000
  );
}

async function findCreated(api: LiveApi, sessionId: string, body: RecitationBody): Promise<Recitation | null> {
  const list = await api.listRecitations(sessionId, { student_id: body.student_id, kind: body.kind });
  return list.find((r) => sameRecitation(r, body)) ?? null;
}

/**
 * Creates a recitation at most once. The key makes a retried create return the first one on a
 * server that honours `Idempotency-Key`; for one that does not, a retry after an unknown outcome
 * (`maybeSent`) first looks for it in the session's recitations. A 409 is looked up too: a
 * concurrent attempt with the same key may just have committed.
 */
export async function writeRecitation(
  api: LiveApi,
  input: { sessionId: string; clientId: string; maybeSent: boolean; body: RecitationBody },
): Promise<RecordRecitationData> {
  if (input.maybeSent) {
    const found = await findCreated(api, input.sessionId, input.body);
    if (found) return { recitation: found, replayed: true };
  }
  try {
    return { recitation: await api.createRecitation(input.sessionId, input.body, input.clientId), replayed: false };
  } catch (error) {
    if (api.isConflict(error)) {
      const found = await findCreated(api, input.sessionId, input.body);
      if (found) return { recitation: found, replayed: true };
    }
    throw error;
  }
}

/** The create body as the API takes it (optional fields left out when empty). */
export function recitationBody(body: RecitationBody) {
  return {
    student_id: body.student_id,
    kind: body.kind,
    start: body.start,
    end: body.end,
    rating: body.rating,
    ...(body.mistakes != null ? { mistakes: body.mistakes } : {}),
    ...(body.note != null && body.note !== "" ? { note: body.note } : {}),
    recorded_at: body.recorded_at,
  };
}
