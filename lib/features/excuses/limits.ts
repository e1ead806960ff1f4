/** An excuse request's bounds (issue 24, point 6), shared by the server's checks and the form. No zod here: the form imports it. */
export const EXCUSE_REASON_MAX = 300;
/** A request may name today or a school date up to this many days ahead. */
export const EXCUSE_DAYS_AHEAD = 30;
/** Requests one parent may make per school day. */
export const EXCUSES_PER_DAY = 10;
