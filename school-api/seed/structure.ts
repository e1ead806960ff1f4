import { newId } from "../ids";
import type { HalqaSpec, SchoolSpec, SemesterKind } from "./demo-layout";
import { FAMILIES_SAUDI, FAMILIES_UK, personName } from "./names";
import { PRIVATE_STUDENT_NOTES } from "./private-texts";
import type { Rng } from "./random";
import type { HalqaRow, SeedRows, SemesterRow, StudentRow } from "./rows";
import { addDays, earlier, zonedTime } from "./time";

/** A school's people and places: school, semesters, halqas, sheikhs and their rosters. */
export type Structure = {
  schoolId: string;
  semesters: Record<SemesterKind, SemesterRow & { id: string }>;
  halqas: { spec: HalqaSpec; kind: SemesterKind; row: HalqaRow & { id: string } }[];
  sheikhIds: Map<string, string>;
  rosters: Map<string, (StudentRow & { id: string })[]>;
};

export type SeedClock = { now: Date; today: string; timeZone: string };

const SEMESTER_DAYS: Record<SemesterKind, [number, number]> = {
  archived: [-210, -85],
  active: [-70, 50],
  planned: [65, 185],
};
const SEASONS = [
  "Winter",
  "Winter",
  "Spring",
  "Spring",
  "Spring",
  "Summer",
  "Summer",
  "Summer",
  "Fall",
  "Fall",
  "Fall",
  "Winter",
];

function termName(startsOn: string): string {
  const month = Number(startsOn.slice(5, 7));
  return `${SEASONS[month - 1] ?? "Spring"} ${startsOn.slice(0, 4)} term`;
}

/** Before `now` always: a seeded record never claims to come from the future. */
export const past = (clock: SeedClock, at: Date) => earlier(at, new Date(clock.now.getTime() - 60_000));

export function buildStructure(spec: SchoolSpec, rng: Rng, clock: SeedClock, rows: SeedRows): Structure {
  const { today, timeZone } = clock;
  const at = (date: string, time = "09:00") => past(clock, zonedTime(date, time, timeZone));
  const archivedStart = addDays(today, SEMESTER_DAYS.archived[0]);
  const schoolId = newId("sch", at(addDays(archivedStart, -60)).getTime());
  rows.schools.push({
    id: schoolId,
    name: spec.name,
    nameAr: spec.nameAr,
    timeZone,
    ratingScale: spec.ratingScale,
    learningPlansEnabled: spec.policy.learningPlansEnabled,
    writeAccessEnabled: spec.policy.writeAccessEnabled,
    publicationPolicy: spec.policy.publicationPolicy,
    automationPaused: spec.policy.automationPaused,
    createdAt: at(addDays(archivedStart, -60)),
    updatedAt: at(addDays(today, -3)),
  });

  const semesters = {} as Structure["semesters"];
  for (const kind of ["archived", "active", "planned"] as const) {
    const [from, to] = SEMESTER_DAYS[kind];
    const startsOn = addDays(today, from);
    const createdAt = kind === "planned" ? at(addDays(today, -10)) : at(addDays(startsOn, -30));
    const updatedAt =
      kind === "archived" ? at(addDays(today, to + 1)) : kind === "active" ? at(startsOn, "06:00") : createdAt;
    const row = {
      id: newId("sem", createdAt.getTime()),
      schoolId,
      name: termName(startsOn),
      status: kind,
      startsOn,
      endsOn: addDays(today, to),
      createdAt,
      updatedAt,
    };
    semesters[kind] = row;
    rows.semesters.push(row);
  }

  const sheikhIds = new Map<string, string>();
  for (const sheikh of spec.sheikhs) {
    const createdAt = at(addDays(archivedStart, -rng.int(20, 400)));
    const updatedAt = sheikh.status === "active" ? createdAt : at(addDays(today, SEMESTER_DAYS.archived[1] + 3));
    const id = newId("shk", createdAt.getTime());
    sheikhIds.set(sheikh.key, id);
    rows.sheikhs.push({ id, schoolId, name: sheikh.name, status: sheikh.status, createdAt, updatedAt });
  }

  const families = spec.families === "saudi" ? FAMILIES_SAUDI : FAMILIES_UK;
  const taken = new Set<string>();
  const halqas: Structure["halqas"] = [];
  const rosters: Structure["rosters"] = new Map();
  for (const halqa of spec.halqas) {
    let lineageId: string | null = null;
    let archivedRoster: (StudentRow & { id: string })[] = [];
    for (const kind of halqa.semesters) {
      const semester = semesters[kind];
      const createdAt = at(addDays(semester.startsOn, -20));
      const id = newId("hlq", createdAt.getTime());
      lineageId ??= id;
      const row = {
        id,
        schoolId,
        lineageId,
        semesterId: semester.id,
        name: halqa.name,
        description: halqa.description,
        isActive: kind === "active" ? halqa.activeNow : kind === "planned",
        publicationPolicy: kind === "active" ? (halqa.publicationPolicy ?? null) : null,
        automationPaused: kind === "active" ? (halqa.automationPaused ?? null) : null,
        createdAt,
        updatedAt: kind === "archived" ? semester.updatedAt : createdAt,
      };
      halqas.push({ spec: halqa, kind, row });
      rows.halqas.push(row);
      for (const key of halqa.sheikhs) {
        const sheikhId = sheikhIds.get(key);
        if (sheikhId) rows.halqaSheikhs.push({ schoolId, halqaId: id, sheikhId });
      }
      const count =
        kind === "archived" ? (halqa.students.archived ?? 0) : kind === "active" ? (halqa.students.active ?? 0) : 0;
      const carried = kind === "active" ? archivedRoster.slice(0, halqa.students.carried ?? 0) : [];
      const roster = buildRoster({
        rng,
        clock,
        spec: halqa,
        kind,
        halqaRow: row,
        semester,
        count,
        carried,
        families,
        taken,
        phone: spec.families,
      });
      if (kind === "archived") archivedRoster = roster;
      rosters.set(id, roster);
      rows.students.push(...roster);
    }
  }
  return { schoolId, semesters, halqas, sheikhIds, rosters };
}

type RosterInput = {
  rng: Rng;
  clock: SeedClock;
  spec: HalqaSpec;
  kind: SemesterKind;
  halqaRow: HalqaRow & { id: string };
  semester: SemesterRow;
  count: number;
  carried: StudentRow[];
  families: readonly string[];
  taken: Set<string>;
  phone: "saudi" | "uk";
};

/** Positions in a roster that hold the students who are away (withdrawn first, then on leave). */
const AWAY_POSITIONS = [3, 7, 11, 5, 9];

function buildRoster(input: RosterInput): (StudentRow & { id: string })[] {
  const { rng, clock, spec, kind, halqaRow, semester, count, carried } = input;
  const away: string[] = [];
  if (kind === "active") {
    for (let i = 0; i < (spec.students.withdrawn ?? 0); i++) away.push("withdrawn");
    for (let i = 0; i < (spec.students.onLeave ?? 0); i++) away.push("on_leave");
  }
  const roster: (StudentRow & { id: string })[] = [];
  for (let index = 0; index < count; index++) {
    const previous = carried[index];
    const person = previous
      ? { name: previous.fullName, preferred: previous.preferredName ?? undefined }
      : personName(rng, spec.gender, input.families, input.taken);
    const enrolledOn = addDays(semester.startsOn, previous ? 0 : rng.int(-14, 10));
    const createdAt = past(clock, zonedTime(enrolledOn, "10:00", clock.timeZone));
    const awayIndex = AWAY_POSITIONS.indexOf(index);
    const status =
      kind === "archived"
        ? index < (spec.students.carried ?? 0)
          ? "active"
          : index % 2
            ? "graduated"
            : "withdrawn"
        : (away[awayIndex] ?? "active");
    const id = newId("stu", createdAt.getTime());
    const age = rng.int(spec.ages[0], spec.ages[1]);
    roster.push({
      id,
      schoolId: halqaRow.schoolId,
      lineageId: previous?.lineageId ?? id,
      semesterId: semester.id,
      halqaId: halqaRow.id,
      fullName: person.name,
      preferredName: person.preferred ?? null,
      status,
      enrolledOn,
      dateOfBirth:
        previous?.dateOfBirth ??
        `${Number(clock.today.slice(0, 4)) - age}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      guardianPhone: previous?.guardianPhone ?? phoneNumber(rng, input.phone),
      privateNotes: previous?.privateNotes ?? (rng.chance(0.25) ? rng.pick(PRIVATE_STUDENT_NOTES) : null),
      createdAt,
      updatedAt:
        status === "active"
          ? createdAt
          : past(clock, zonedTime(addDays(clock.today, -rng.int(2, 20)), "11:00", clock.timeZone)),
    });
  }
  return roster;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function phoneNumber(rng: Rng, kind: "saudi" | "uk"): string {
  // UK numbers come from Ofcom's range reserved for drama, so none of them reaches a real person.
  if (kind === "uk") return `+44 7700 900${pad(rng.int(0, 999), 3)}`;
  return `+966 5${rng.int(0, 9)} ${pad(rng.int(0, 999), 3)} ${pad(rng.int(0, 9999), 4)}`;
}
