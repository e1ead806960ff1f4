/**
 * When a register settles (issue 24, point 3): the session was ended, or 30 minutes passed since its
 * last attendance change. Only then are its marks read for notices, so a mark corrected before
 * that sends nothing. Pure: the job brings the clock.
 */
export const QUIET_MS = 30 * 60_000;
/** Registers that settled this long before the notices first ran for a school are still announced. */
export const STARTUP_GRACE_MS = 60 * 60_000;
/** A register that settled longer ago than this is never announced (a late sync does not mail old news). */
export const ANNOUNCE_WINDOW_MS = 24 * 60 * 60_000;

export type RegisterState = { status: string; endedAt: string | null; lastChange: Date };

/** The moment the register settled, or null while it can still change quietly. */
export function settledAt(register: RegisterState, now: Date): Date | null {
  if (register.status === "ended") {
    const ended = register.endedAt ? new Date(register.endedAt) : now;
    // A correction after the end settles at once, as the end did.
    return register.lastChange > ended ? register.lastChange : ended;
  }
  const quietSince = new Date(register.lastChange.getTime() + QUIET_MS);
  return quietSince <= now ? quietSince : null;
}

export function isAnnounceable(settled: Date, noticesStartedAt: Date, now: Date): boolean {
  return (
    settled.getTime() >= noticesStartedAt.getTime() - STARTUP_GRACE_MS &&
    settled.getTime() >= now.getTime() - ANNOUNCE_WINDOW_MS
  );
}

/** The marks a family hears about: absent, or late. Excused is a known reason; present is nothing to say. */
export function isNoticeMark(status: string): status is "absent" | "late" {
  return status === "absent" || status === "late";
}
