import { RECITATION_KINDS, type Recitation } from "@/lib/contract";
import { inPeriod, type Period } from "./period";
import { quranMap, schoolDayOf, type MapRecitation } from "./quran-map";
import { attendanceFacts, type AttendanceFacts, type AttendanceHistory } from "./student-facts";

export type ReportRecitation = MapRecitation & Pick<Recitation, "mistakes">;

/** What a report says of one student over a period. */
export type PeriodFigures = {
  /** The period's recitations, oldest first. */
  recitations: ReportRecitation[];
  byKind: Record<Recitation["kind"], number>;
  meanRating: number | null;
  /** Ayahs memorised for the first time in the period (covered by new memorisation by its end, not before its start). */
  newAyahs: number;
  attendance: AttendanceFacts;
};

const byTime = (a: MapRecitation, b: MapRecitation) => a.recorded_at.localeCompare(b.recorded_at) || a.id.localeCompare(b.id);

/**
 * A student's figures for a period, from the whole history (the map needs what came before):
 * recitations whose school day falls in the period, attendance of the period's sessions, and the
 * ayahs whose memorisation was completed in it. `before` and `until` are the histories a map as
 * of the period's start and end is drawn from.
 */
export function periodFigures(recitations: readonly ReportRecitation[], attendance: AttendanceHistory, period: Period, timeZone: string) {
  const dayOf = (r: MapRecitation) => schoolDayOf(r.recorded_at, timeZone);
  const until = recitations.filter((r) => dayOf(r) <= period.to);
  const before = until.filter((r) => dayOf(r) < period.from);
  const within = until.filter((r) => dayOf(r) >= period.from).toSorted(byTime);
  const byKind = Object.fromEntries(RECITATION_KINDS.map((kind) => [kind, within.filter((r) => r.kind === kind).length])) as Record<Recitation["kind"], number>;
  const memorised = (list: readonly MapRecitation[]) => quranMap(list.filter((r) => r.kind === "new_memorization"), period.to, timeZone).memorisedAyahs;
  const figures: PeriodFigures = {
    recitations: within,
    byKind,
    meanRating: within.length ? within.reduce((sum, r) => sum + r.rating, 0) / within.length : null,
    newAyahs: memorised(until) - memorised(before),
    attendance: attendanceFacts(attendance.filter(({ session }) => inPeriod(session.date, period))),
  };
  return { figures, until };
}
