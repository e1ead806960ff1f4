import type { AttendanceRow, Session, Student } from "@/lib/contract";

/**
 * Test support: the figures docs/progress.md defines, counted independently of lib/features/progress
 * from the API's own records. The integration test (lib/features/progress/page-figures.test.ts)
 * checks every student of the demo school with it; e2e/figures.spec.ts checks one page per language.
 * Plain functions over records (no imports that run), so the browser tests can use them too.
 */

/** A halqa's sessions up to today, with every attendance row of them. */
export type HalqaRecords = { sessions: readonly Session[]; rows: readonly AttendanceRow[] };

export type ExpectedAttendance = {
  counted: number;
  attended: number;
  missed: number;
  streak: { kind: "attended" | "missed"; sessions: number } | null;
};

/**
 * Attendance as defined: the sessions of the record's halqa from enrolment to today (the caller
 * passes those up to today), newest first; present and late attend, absent misses, others count
 * for nothing and do not break a run; the streak is the run at the newest end.
 */
export function expectedAttendance({ sessions, rows }: HalqaRecords, student: Student): ExpectedAttendance {
  const marks = sessions
    .filter((s) => s.halqa_id === student.halqa_id && (!student.enrolled_on || s.date >= student.enrolled_on))
    .toSorted(
      (a, b) => b.date.localeCompare(a.date) || b.starts_at.localeCompare(a.starts_at) || b.id.localeCompare(a.id),
    )
    .map((session) => rows.find((r) => r.session_id === session.id && r.student_id === student.id)?.status);
  const counted = marks.filter((m) => m === "present" || m === "late" || m === "absent");
  const attended = counted.filter((m) => m !== "absent").length;
  const kind = (m: string | undefined) => (m === "absent" ? "missed" : "attended");
  let run = 0;
  while (run < counted.length && kind(counted[run]) === kind(counted[0])) run++;
  return {
    counted: counted.length,
    attended,
    missed: counted.length - attended,
    streak: counted.length ? { kind: kind(counted[0]), sessions: run } : null,
  };
}

type Position = { surah: number; ayah: number };

/** Ayahs memorised, as defined: every ayah any recitation of any of the student's records covered; the percent rounded down. */
export function expectedMemorised(
  surahs: readonly { number: number; ayah_count: number }[],
  recitations: readonly { range: { start: Position; end: Position } }[],
): { ayahs: number; percent: number } {
  const before = new Map<number, number>();
  let total = 0;
  for (const surah of surahs.toSorted((a, b) => a.number - b.number)) {
    before.set(surah.number, total);
    total += surah.ayah_count;
  }
  const index = (p: Position) => before.get(p.surah)! + p.ayah;
  const covered = new Set<number>();
  for (const r of recitations) for (let at = index(r.range.start); at <= index(r.range.end); at++) covered.add(at);
  return { ayahs: covered.size, percent: Math.floor((covered.size * 100) / total) };
}
