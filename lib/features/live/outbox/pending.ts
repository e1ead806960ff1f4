/**
 * "N changes from <date> still waiting": work kept in this browser since before today. Home-screen
 * apps keep their storage, but Safari may clear a site's after days unused, so pending work should
 * drain the same day; the screens say so when it has not.
 */
import type { QueuedMark, QueuedRecitation } from "../types";

export type EarlierWork = { count: number; oldest: number; sessionIds: string[] };

/** Unsaved marks and recitations made before `before` (ms since epoch, e.g. the start of today), across records; null when none. */
export function waitingSince(
  records: readonly { marks: readonly QueuedMark[]; recitations: readonly QueuedRecitation[]; sessionId?: string }[],
  before: number,
): EarlierWork | null {
  let count = 0;
  let oldest = Infinity;
  const sessionIds = new Set<string>();
  for (const record of records) {
    const times = [...record.marks.map((m) => m.changedAt), ...record.recitations.map((r) => r.createdAt)].filter(
      (t) => t < before,
    );
    if (times.length === 0) continue;
    count += times.length;
    oldest = Math.min(oldest, ...times);
    if (record.sessionId) sessionIds.add(record.sessionId);
  }
  return count > 0 ? { count, oldest, sessionIds: [...sessionIds] } : null;
}
