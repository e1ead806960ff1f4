import type { Session, SessionUpdate } from "@/lib/contract";
import { zonedDateTimeToUtc } from "@/lib/dates";

export type SessionEdit = { sheikh_id?: string; date?: string; starts_at?: string; topic?: string | null };

/**
 * The PATCH body for an edit form: only what changed, so an unchanged sheikh is not checked again
 * (they may have stopped teaching the halqa since). The start time is a wall-clock `HH:MM` in the
 * school's zone on the (possibly new) date. Null when nothing changed.
 */
export function sessionChanges(
  session: Pick<Session, "sheikh_id" | "date" | "starts_at" | "topic">,
  edit: SessionEdit,
  timeZone: string,
): SessionUpdate | null {
  const body: { sheikh_id?: string; date?: string; starts_at?: string; topic?: string | null } = {};
  if (edit.sheikh_id && edit.sheikh_id !== session.sheikh_id) body.sheikh_id = edit.sheikh_id;
  if (edit.date && edit.date !== session.date) body.date = edit.date;
  if (edit.starts_at) {
    const startsAt = zonedDateTimeToUtc(edit.date ?? session.date, edit.starts_at, timeZone);
    if (Date.parse(startsAt) !== Date.parse(session.starts_at)) body.starts_at = startsAt;
  }
  if (edit.topic !== undefined && edit.topic !== (session.topic ?? null)) body.topic = edit.topic;
  return Object.keys(body).length ? body : null;
}
