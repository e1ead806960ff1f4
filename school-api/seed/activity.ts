import type { QuranRange } from "@/lib/contract";
import { newId } from "../ids";
import { ARCHIVED_SESSIONS_PER_HALQA, PAST_SESSIONS_PER_HALQA, type SchoolSpec } from "./demo-layout";
import { PRIVATE_RECITATION_NOTES } from "./private-texts";
import { ayahCount, portionOf, takeAyahs } from "./quran-path";
import type { Rng } from "./random";
import { drawnMark, recitationRow, type SeedRows, type StudentRow } from "./rows";
import { past, type SeedClock, type Structure } from "./structure";
import { addDays, addMinutes, later, zonedTime } from "./time";

/** Surahs each halqa works on, for recitation records that look like that halqa's lessons. */
const FOCUS: Record<string, [number, number]> = {
  "abu-bakr": [78, 114],
  umar: [67, 77],
  khadijah: [67, 114],
  aisha: [2, 3],
  "ibn-kathir": [78, 114],
  asma: [67, 77],
  weekend: [18, 36],
};

const TOPICS = [
  "New memorization and revision",
  "Tajweed: rules of noon sakinah and tanween",
  "Weekly revision test",
  "Tajweed: the madd lengths",
  "Revision of last week's portion",
  null,
] as const;

const PRAISE = ["Good tajweed; work on the ghunnah.", "Excellent fluency.", "Steady progress."];
const ADVICE = [
  "Revise the last two ayahs at home.",
  "Watch the stops (waqf).",
  "Repeat with a parent before the next lesson.",
];

/** Weeks of past sessions with attendance and recitations, and the sessions open today. */
export function buildActivity(
  spec: SchoolSpec,
  structure: Structure,
  rng: Rng,
  clock: SeedClock,
  rows: SeedRows,
): void {
  const ratings = spec.ratingScale.map((level) => level.value);
  spec.halqas.forEach((halqaSpec, halqaIndex) => {
    for (const { kind, row: halqa } of structure.halqas.filter((entry) => entry.spec === halqaSpec)) {
      const roster = structure.rosters.get(halqa.id) ?? [];
      const active = halqaSpec.sheikhs.filter((key) => spec.sheikhs.find((s) => s.key === key)?.status === "active");
      const sheikhKeys = kind === "archived" ? [halqaSpec.sheikhs.at(-1) ?? ""] : active;
      const sheikhFor = () =>
        structure.sheikhIds.get(rng.chance(0.8) ? (sheikhKeys[0] ?? "") : rng.pick(sheikhKeys)) ?? "";
      const semester = structure.semesters[kind];
      const focus = FOCUS[halqaSpec.key] ?? [78, 114];
      const session = (date: string) => ({ date, halqaId: halqa.id, semesterId: semester.id, sheikhId: sheikhFor() });

      if (kind === "active" && halqaSpec.activeNow) {
        const present = roster.filter((student) => student.status === "active");
        for (let n = 0; n < PAST_SESSIONS_PER_HALQA; n++) {
          const daysBack = 7 * Math.floor(n / 3) + 2 * (n % 3) + 1 + (halqaIndex % 2);
          addPastSession({ ...session(addDays(clock.today, -daysBack)), roster: present, focus, ratings });
        }
        if (spec.openToday.includes(halqaSpec.key)) {
          const startsAt = later(zonedTime(clock.today, "00:00", clock.timeZone), addMinutes(clock.now, -20));
          rows.sessions.push({
            id: newId("ses", startsAt.getTime()),
            schoolId: structure.schoolId,
            ...session(clock.today),
            sheikhId: structure.sheikhIds.get(active[0] ?? "") ?? "",
            status: "open",
            startsAt,
            endedAt: null,
            topic: "Today's lesson: new portion and revision",
            createdAt: startsAt,
            updatedAt: startsAt,
          });
        }
      }
      if (kind === "archived") {
        for (let n = 0; n < ARCHIVED_SESSIONS_PER_HALQA; n++) {
          addPastSession({
            ...session(addDays(semester.endsOn, -7 * n - 2 - (halqaIndex % 3))),
            roster,
            focus,
            ratings,
          });
        }
      }
    }
  });

  type PastSession = {
    date: string;
    halqaId: string;
    semesterId: string;
    sheikhId: string;
    roster: StudentRow[];
    focus: [number, number];
    ratings: number[];
  };

  function addPastSession(input: PastSession): void {
    const startsAt = zonedTime(input.date, spec.sessionTime, clock.timeZone);
    const endedAt = addMinutes(startsAt, rng.int(75, 95));
    const sessionId = newId("ses", startsAt.getTime());
    const { roster, ...fields } = input;
    rows.sessions.push({
      id: sessionId,
      schoolId: structure.schoolId,
      date: fields.date,
      halqaId: fields.halqaId,
      semesterId: fields.semesterId,
      sheikhId: fields.sheikhId,
      status: "ended",
      startsAt,
      endedAt,
      topic: rng.pick(TOPICS),
      createdAt: startsAt,
      updatedAt: past(clock, endedAt),
    });
    for (const student of roster) {
      const mark = drawnMark(rng, {
        schoolId: structure.schoolId,
        sessionId,
        studentId: student.id,
        startsAt,
        odds: { present: 0.8, late: 0.88, absent: 0.96 },
        maxLateMinutes: 25,
        note: (status) =>
          status === "excused" ? rng.pick(["Travelling with family", "Sick (fever)", "Family occasion"]) : null,
      });
      rows.attendance.push(mark);
      if (mark.status === "absent" || mark.status === "excused" || !rng.chance(0.6)) continue;
      const kinds = rng.chance(0.25)
        ? (["new_memorization", "recent_revision"] as const)
        : ([rng.pick(["new_memorization", "recent_revision", "old_revision"] as const)] as const);
      for (const kind of kinds) addRecitation(sessionId, student, kind, addMinutes(startsAt, rng.int(12, 70)), input);
    }
  }

  function addRecitation(
    sessionId: string,
    student: StudentRow,
    kind: "new_memorization" | "recent_revision" | "old_revision",
    recordedAt: Date,
    input: PastSession,
  ): void {
    const surah = rng.int(input.focus[0], input.focus[1]);
    const range: QuranRange =
      kind === "new_memorization"
        ? takeAyahs({ surah, ayah: rng.int(1, Math.max(1, ayahCount(surah) - 3)) }, rng.int(3, 7), "ascending").range
        : portionOf(surah, rng.int(1, ayahCount(surah)), rng.int(5, 20));
    const top = input.ratings.length - 1;
    const rating = input.ratings[Math.max(0, top - (rng.chance(0.6) ? rng.int(0, 1) : rng.int(0, top)))] ?? 1;
    const mistakes = Math.max(0, top - input.ratings.indexOf(rating) + rng.int(-1, 1));
    const note = rng.chance(0.3) ? rng.pick(input.ratings.indexOf(rating) * 2 >= top ? PRAISE : ADVICE) : null;
    const privateNote = rng.chance(0.06) ? rng.pick(PRIVATE_RECITATION_NOTES) : null;
    rows.recitations.push(
      recitationRow({
        schoolId: structure.schoolId,
        sessionId,
        studentId: student.id,
        kind,
        range,
        rating,
        mistakes,
        note,
        privateNote,
        recordedAt,
      }),
    );
  }
}
