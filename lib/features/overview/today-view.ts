import type { RegisterState } from "./register-state";

/**
 * What the overview's Today lists (issue 25): every timetabled halqa of the active semester, the
 * ones to act on first (missing, then in progress), then not started, taken and not meeting, each
 * state by timetabled start and name. A school of hundreds of halqas is not listed whole on the
 * overview: the first TODAY_SHOWN rows are, with the count of each state and one link to the whole
 * list, so every missing register is at most one click away and none is hidden silently.
 */
export const TODAY_SHOWN = 25;

export const STATE_ORDER: Record<RegisterState["kind"], number> = {
  missing: 0,
  in_progress: 1,
  not_started: 2,
  taken: 3,
  not_meeting: 4,
};

export const STATE_KINDS = Object.keys(STATE_ORDER) as RegisterState["kind"][];

type Listed = { halqa: { name: string }; startsAt: string; state: { kind: RegisterState["kind"] } };

/** The order Today lists its rows in: what needs acting on first. */
function byUrgency(a: Listed, b: Listed): number {
  return (
    STATE_ORDER[a.state.kind] - STATE_ORDER[b.state.kind] ||
    a.startsAt.localeCompare(b.startsAt) ||
    a.halqa.name.localeCompare(b.halqa.name)
  );
}

export type TodayView<T> = {
  /** The rows shown, in urgency order. */
  rows: T[];
  /** Every row's count by state (shown or not). */
  counts: Record<RegisterState["kind"], number>;
  /** Rows not shown, and how many of them are missing registers. */
  hidden: number;
  hiddenMissing: number;
};

/** The rows Today shows: all of them when asked (`all`), else the first `shown` by urgency. */
export function todayView<T extends Listed>(rows: readonly T[], all: boolean, shown = TODAY_SHOWN): TodayView<T> {
  const ordered = rows.toSorted(byUrgency);
  const counts = Object.fromEntries(STATE_KINDS.map((kind) => [kind, 0])) as TodayView<T>["counts"];
  for (const row of ordered) counts[row.state.kind]++;
  const listed = all ? ordered : ordered.slice(0, shown);
  const rest = ordered.slice(listed.length);
  return {
    rows: listed,
    counts,
    hidden: rest.length,
    hiddenMissing: rest.filter((row) => row.state.kind === "missing").length,
  };
}
