import type { QuranRange } from "@/lib/contract";
import { UNIT_COUNTS, unitBounds } from "@/lib/quran/cover";
import { newId } from "../ids";
import { HISTORY_SESSIONS_PER_HALQA, PAST_SESSIONS_PER_HALQA, type SchoolSpec } from "./demo-layout";
import { takeAyahs } from "./quran-path";
import type { Rng } from "./random";
import { drawnMark, recitationRow, type RecitationRow, type SeedRows, type StudentRow } from "./rows";
import type { SeedClock, Structure } from "./structure";
import { addDays, addMinutes, zonedTime } from "./time";

/**
 * The demo's longer recitation history (issue 15), so that Quran maps and "needs attention" mean
 * something: older sessions of the active semester before the recent weeks, in which every student
 * revises their own memorised part of the Quran in order (a hizb quarter pair a lesson, so some
 * parts are fresh and others stale), memorises new ayahs at their frontier, and then a few students
 * per halqa whose records show what a teacher must notice (see `SCENARIOS`).
 *
 * It draws from its own generator, so the rest of the demo (recent sessions, plans) is the same as
 * before, and is deterministic like it.
 */

/** Roster positions (active students of a running halqa, in roster order) and what their records show. */
export const SCENARIOS = { notHeard: 1, absenceStreak: 2, fallingRatings: 3, chronicAbsence: 4 } as const;
/** Days without a recitation of the `notHeard` student. */
export const NOT_HEARD_DAYS = 10;
const STREAK = 3;
const FALLING = 4;

type Student = StudentRow & { id: string };
type Profile = { quarters: number[]; cursor: number; frontier: { surah: number; ayah: number } | null; skill: number };

export function buildHistory(spec: SchoolSpec, structure: Structure, rng: Rng, clock: SeedClock, rows: SeedRows): void {
  const ratings = spec.ratingScale.map((level) => level.value);
  const top = ratings.length - 1;
  spec.halqas.forEach((halqaSpec, halqaIndex) => {
    const entry = structure.halqas.find((h) => h.spec === halqaSpec && h.kind === "active");
    if (!entry || !halqaSpec.activeNow) return;
    const halqa = entry.row;
    const roster = (structure.rosters.get(halqa.id) ?? []).filter((student) => student.status === "active");
    const sheikhKey =
      halqaSpec.sheikhs.find((key) => spec.sheikhs.find((s) => s.key === key)?.status === "active") ?? "";
    const sheikhId = structure.sheikhIds.get(sheikhKey) ?? "";
    const ascending = halqaSpec.key === "aisha";
    const profiles = new Map(roster.map((student) => [student.id, profileOf(rng, ascending, top)]));

    for (let n = PAST_SESSIONS_PER_HALQA; n < PAST_SESSIONS_PER_HALQA + HISTORY_SESSIONS_PER_HALQA; n++) {
      const daysBack = 7 * Math.floor(n / 3) + 2 * (n % 3) + 1 + (halqaIndex % 2);
      const date = addDays(clock.today, -daysBack);
      const startsAt = zonedTime(date, spec.sessionTime, clock.timeZone);
      const endedAt = addMinutes(startsAt, rng.int(75, 95));
      const sessionId = newId("ses", startsAt.getTime());
      rows.sessions.push({
        id: sessionId,
        schoolId: structure.schoolId,
        date,
        halqaId: halqa.id,
        semesterId: halqa.semesterId,
        sheikhId,
        status: "ended",
        startsAt,
        endedAt,
        topic: "Revision and new memorization",
        createdAt: startsAt,
        updatedAt: endedAt,
      });
      for (const student of roster) {
        if (student.enrolledOn && student.enrolledOn > date) continue;
        const mark = drawnMark(rng, {
          schoolId: structure.schoolId,
          sessionId,
          studentId: student.id,
          startsAt,
          odds: { present: 0.82, late: 0.9, absent: 0.96 },
          maxLateMinutes: 20,
          note: () => null,
        });
        rows.attendance.push(mark);
        if (mark.status === "absent" || mark.status === "excused") continue;
        const profile = profiles.get(student.id)!;
        const heard = (kind: RecitationRow["kind"], range: QuranRange, minute: number) => {
          const recordedAt = addMinutes(startsAt, minute);
          const rating = ratings[Math.min(top, Math.max(0, profile.skill - rng.int(0, 1)))] ?? 1;
          const mistakes = Math.max(0, top - ratings.indexOf(rating) + rng.int(-1, 1));
          rows.recitations.push(
            recitationRow({
              schoolId: structure.schoolId,
              sessionId,
              studentId: student.id,
              kind,
              range,
              rating,
              mistakes,
              note: null,
              privateNote: null,
              recordedAt,
            }),
          );
        };
        heard("old_revision", revisionRange(profile), rng.int(15, 40));
        if (profile.frontier && rng.chance(0.5)) {
          const { range, next } = takeAyahs(profile.frontier, rng.int(3, 6), "ascending");
          heard("new_memorization", range, rng.int(41, 60));
          profile.frontier = next;
        }
      }
    }
    applyScenarios(rows, halqa.id, roster, clock, ratings);
  });
}

/** 1–12 juz memorised: from An-Naba' backwards (Juz' Amma first), or from Al-Fatiha forwards. */
function profileOf(rng: Rng, ascending: boolean, top: number): Profile {
  const juz = rng.int(1, 12);
  const count = juz * 8;
  const quarters = ascending
    ? Array.from({ length: count }, (_, i) => i + 1)
    : Array.from({ length: count }, (_, i) => UNIT_COUNTS.quarter - count + 1 + i);
  const beyond = ascending ? count + 1 : UNIT_COUNTS.quarter - count;
  return {
    quarters,
    cursor: rng.int(0, count - 1),
    frontier: beyond >= 1 && beyond <= UNIT_COUNTS.quarter ? unitBounds("quarter", beyond).first : null,
    skill: top - rng.int(0, 2),
  };
}

/** The next two memorised quarters in order (one quarter at the end of the list). */
function revisionRange(profile: Profile): QuranRange {
  const first = profile.quarters[profile.cursor]!;
  const second = profile.quarters[profile.cursor + 1];
  profile.cursor = second === undefined ? 0 : (profile.cursor + 2) % profile.quarters.length;
  return { start: unitBounds("quarter", first).first, end: unitBounds("quarter", second ?? first).last };
}

/** What a teacher must notice, made plain in a few students' records of the whole semester (recent weeks included). */
function applyScenarios(rows: SeedRows, halqaId: string, roster: Student[], clock: SeedClock, ratings: number[]): void {
  if (roster.length <= SCENARIOS.chronicAbsence) return;
  const sessions = rows.sessions
    .filter((s) => s.halqaId === halqaId && s.status === "ended")
    .sort((a, b) => a.date.localeCompare(b.date));
  const sessionIds = new Set(sessions.map((s) => s.id));
  const dateOf = new Map(sessions.map((s) => [s.id, s.date]));
  const drop = (studentId: string, where: (sessionId: string) => boolean) => {
    rows.recitations = rows.recitations.filter(
      (r) => !(r.studentId === studentId && sessionIds.has(r.sessionId) && where(r.sessionId)),
    );
  };
  const absent = (studentId: string, ids: Set<string>) => {
    for (const row of rows.attendance)
      if (row.studentId === studentId && ids.has(row.sessionId))
        Object.assign(row, { status: "absent", lateMinutes: null, note: null });
    drop(studentId, (id) => ids.has(id));
  };

  const quiet = roster[SCENARIOS.notHeard]!;
  const since = addDays(clock.today, -NOT_HEARD_DAYS);
  drop(quiet.id, (id) => (dateOf.get(id) ?? "") >= since);

  absent(roster[SCENARIOS.absenceStreak]!.id, new Set(sessions.slice(-STREAK).map((s) => s.id)));
  absent(roster[SCENARIOS.chronicAbsence]!.id, new Set(sessions.filter((_, i) => i % 4 === 1).map((s) => s.id)));

  // The last sessions where this student was heard, each rated one level lower than the one before.
  const falling = roster[SCENARIOS.fallingRatings]!;
  const own = rows.recitations.filter((r) => r.studentId === falling.id && sessionIds.has(r.sessionId));
  const heardIn = sessions.filter((s) => own.some((r) => r.sessionId === s.id)).slice(-FALLING);
  heardIn.forEach((session, i) => {
    for (const recitation of own.filter((r) => r.sessionId === session.id)) {
      recitation.rating = ratings[Math.max(0, ratings.length - 1 - i)] ?? recitation.rating;
      recitation.mistakes = i * 2;
    }
  });
}
