import { RECITATION_KINDS, type AttendanceRow, type Recitation, type Session, type Student } from "@/lib/contract";
import { byRecordedAt } from "@/lib/features/students/recitations";
import { juzOf } from "@/lib/quran";
import { inPeriod, type Period } from "./period";
import { quranMap, schoolDayOf, type MapRecitation } from "./quran-map";
import { attendanceFacts, attendanceWindow, type AttendanceFacts, type AttendanceHistory } from "./figures";

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

/**
 * A student's figures for a period, from the whole history (the map needs what came before):
 * recitations whose school day falls in the period, attendance of the period's sessions, and the
 * ayahs whose memorisation was completed in it. `before` and `until` are the histories a map as
 * of the period's start and end is drawn from.
 */
export function periodFigures(
  recitations: readonly ReportRecitation[],
  attendance: AttendanceHistory,
  record: Pick<Student, "halqa_id" | "enrolled_on">,
  period: Period,
  timeZone: string,
) {
  const dayOf = (r: MapRecitation) => schoolDayOf(r.recorded_at, timeZone);
  const until = recitations.filter((r) => dayOf(r) <= period.to);
  const before = until.filter((r) => dayOf(r) < period.from);
  const within = until.filter((r) => dayOf(r) >= period.from).toSorted(byRecordedAt);
  const byKind = Object.fromEntries(
    RECITATION_KINDS.map((kind) => [kind, within.filter((r) => r.kind === kind).length]),
  ) as Record<Recitation["kind"], number>;
  const figures: PeriodFigures = {
    recitations: within,
    byKind,
    meanRating: within.length ? within.reduce((sum, r) => sum + r.rating, 0) / within.length : null,
    newAyahs: newlyMemorised(before, within, period.to, timeZone),
    attendance: attendanceFacts(
      attendanceWindow(attendance, record, period.to).filter(({ session }) => inPeriod(session.date, period)),
    ),
  };
  return { figures, until };
}

/**
 * Ayahs memorised for the first time in a period (docs/progress.md): covered by new memorisation by
 * its end (`before` and `within` together) and not before its start (`before`: the student's earlier
 * recitations, across all their records). The one definition of the student report, the halqa
 * report and the report card.
 */
export function newlyMemorised(
  before: readonly MapRecitation[],
  within: readonly MapRecitation[],
  asOf: string,
  timeZone: string,
): number {
  const memorised = (list: readonly MapRecitation[]) =>
    quranMap(
      list.filter((r) => r.kind === "new_memorization"),
      asOf,
      timeZone,
    ).memorisedAyahs;
  return memorised([...before, ...within]) - memorised(before);
}

/** What a student did in one juz during a period: new memorisation there, revision only, or nothing. */
export type JuzActivity = "new" | "revision" | null;

export type HalqaRow<S> = {
  student: S;
  attendance: AttendanceFacts;
  recitations: number;
  meanRating: number | null;
  memorisedAyahs: number;
  juz: JuzActivity[];
};

type HalqaPeriod = {
  sessions: readonly Pick<Session, "id" | "date" | "starts_at" | "status">[];
  attendance: readonly Pick<AttendanceRow, "session_id" | "student_id" | "status">[];
  recitations: readonly (MapRecitation & Pick<Recitation, "student_id">)[];
};

/**
 * One row per student of a halqa for a period's report, from the period's sessions, rows and
 * recitations (halqaHistory): attendance over the period's sessions (a session without the
 * student's row is unmarked, so it neither counts nor breaks a streak), recitations and their mean
 * rating, ayahs newly memorised in the period (`newlyMemorised`, with each student's new
 * memorisation before it, `before`, by student id), and each juz's activity.
 */
export function halqaRows<S extends Pick<Student, "id" | "halqa_id" | "enrolled_on">>(
  students: readonly S[],
  period: HalqaPeriod,
  before: ReadonlyMap<string, readonly MapRecitation[]>,
  timeZone: string,
): HalqaRow<S>[] {
  return students.map((student) => {
    const rows = new Map(
      period.attendance.filter((row) => row.student_id === student.id).map((row) => [row.session_id, row]),
    );
    const own = period.recitations.filter((r) => r.student_id === student.id);
    const juz: JuzActivity[] = Array.from({ length: 30 }, () => null);
    for (const recitation of own) {
      for (let at = juzOf(recitation.range.start); at <= juzOf(recitation.range.end); at++) {
        if (recitation.kind === "new_memorization") juz[at - 1] = "new";
        else juz[at - 1] ??= "revision";
      }
    }
    const lastDay = period.sessions.at(-1)?.date ?? "9999-12-31";
    return {
      student,
      attendance: attendanceFacts(
        attendanceWindow(
          period.sessions.map((session) => ({ session, row: rows.get(session.id) ?? null })),
          student,
          lastDay,
        ),
      ),
      recitations: own.length,
      meanRating: own.length ? own.reduce((sum, r) => sum + r.rating, 0) / own.length : null,
      memorisedAyahs: newlyMemorised(before.get(student.id) ?? [], own, lastDay, timeZone),
      juz,
    };
  });
}
