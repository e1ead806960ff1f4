/** Periods of the plans list's "replaced in" filter, in days (`?replaced=7`). */
export const REPLACED_PERIODS = ["7", "30", "90"] as const;
export type ReplacedPeriod = (typeof REPLACED_PERIODS)[number];

/** A plan is marked "replaced lately" when its last replacement is at most this many days old. */
export const REPLACED_LATELY_DAYS = 30;

/** The "what changed" view looks this many days back. */
export const CHANGES_WINDOW_DAYS = 7;
