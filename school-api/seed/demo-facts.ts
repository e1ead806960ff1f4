import { ALL_SCOPES, READ_SCOPES, type RatingLevel, type Scope } from "@/lib/contract";
import {
  ALNOOR,
  ARCHIVED_SESSIONS_PER_HALQA,
  ARQAM,
  HISTORY_SESSIONS_PER_HALQA,
  PAST_SESSIONS_PER_HALQA,
  PLAN_STATUS_CYCLE,
  type SchoolSpec,
} from "./demo-layout";

export { PRIVATE_TEXTS } from "./private-texts";

/**
 * What tests and docs may rely on about the demo. Ids are never facts: take them from responses.
 */
export const DEMO_SCHOOLS = {
  alnoor: { name: ALNOOR.name, nameAr: ALNOOR.nameAr, timeZone: ALNOOR.timeZone },
  arqam: { name: ARQAM.name, nameAr: ARQAM.nameAr, timeZone: ARQAM.timeZone },
} as const;

export type DemoSchool = keyof typeof DEMO_SCHOOLS;

export const DEMO_KEYS = {
  alnoorAdmin: "demo_alnoor_admin",
  alnoorReadonly: "demo_alnoor_readonly",
  alnoorLegacy: "demo_alnoor_legacy",
  arqamAdmin: "demo_arqam_admin",
  revoked: "demo_revoked",
  expired: "demo_expired",
} as const;

export type DemoKeySpec = {
  key: string;
  school: DemoSchool;
  name: string;
  scopes: readonly Scope[];
  state: "valid" | "revoked" | "expired";
};

export const DEMO_KEY_SPECS: readonly DemoKeySpec[] = [
  { key: DEMO_KEYS.alnoorAdmin, school: "alnoor", name: "Staff dashboard (demo)", scopes: ALL_SCOPES, state: "valid" },
  {
    key: DEMO_KEYS.alnoorReadonly,
    school: "alnoor",
    name: "Reporting, read only (demo)",
    scopes: READ_SCOPES,
    state: "valid",
  },
  {
    key: DEMO_KEYS.alnoorLegacy,
    school: "alnoor",
    name: "Legacy integration, before Learning Plans (demo)",
    scopes: ALL_SCOPES.filter((scope) => scope !== "learning_plans:read"),
    state: "valid",
  },
  { key: DEMO_KEYS.arqamAdmin, school: "arqam", name: "Staff dashboard (demo)", scopes: ALL_SCOPES, state: "valid" },
  { key: DEMO_KEYS.revoked, school: "alnoor", name: "Old tablet app (revoked)", scopes: ALL_SCOPES, state: "revoked" },
  {
    key: DEMO_KEYS.expired,
    school: "alnoor",
    name: "Trial integration (expired)",
    scopes: ALL_SCOPES,
    state: "expired",
  },
];

/** The eligible sheikh of Al-Noor who teaches two running halqas; the demo teacher account links to him. */
export const DEMO_TEACHER_SHEIKH_NAME = "Abdullah Al-Harbi";
/** Sheikhs who exist but are not eligible (status inactive): invisible through /sheikhs. */
export const INELIGIBLE_SHEIKH_NAMES = { alnoor: "Faisal Al-Anazi", arqam: "Anwar Siddiqui" } as const;

export const RATING_SCALES: Record<DemoSchool, readonly RatingLevel[]> = {
  alnoor: ALNOOR.ratingScale,
  arqam: ARQAM.ratingScale,
};

/** Sensitive values are stored in these formats; none may appear in a response. */
export const GUARDIAN_PHONE_PREFIXES = ["+966 5", "+44 7700 900"] as const;

function countsOf(spec: SchoolSpec) {
  const sum = (pick: (halqa: SchoolSpec["halqas"][number]) => number) =>
    spec.halqas.reduce((total, halqa) => total + pick(halqa), 0);
  const inActive = spec.halqas.filter((halqa) => halqa.semesters.includes("active"));
  const running = inActive.filter((halqa) => halqa.activeNow);
  const away = (halqa: SchoolSpec["halqas"][number]) => (halqa.students.onLeave ?? 0) + (halqa.students.withdrawn ?? 0);
  const plansByStatus: Record<string, number> = {};
  for (let i = 0; i < spec.plans; i++) {
    const status = PLAN_STATUS_CYCLE[i % PLAN_STATUS_CYCLE.length] ?? "active";
    plansByStatus[status] = (plansByStatus[status] ?? 0) + 1;
  }
  return {
    semesters: 3,
    halqas: sum((halqa) => halqa.semesters.length),
    halqasInActiveSemester: inActive.length,
    runningHalqas: running.length,
    sheikhs: spec.sheikhs.length,
    eligibleSheikhs: spec.sheikhs.filter((sheikh) => sheikh.status === "active").length,
    students: sum((halqa) => (halqa.students.archived ?? 0) + (halqa.students.active ?? 0)),
    studentsInActiveSemester: sum((halqa) => halqa.students.active ?? 0),
    activeStudentsInRunningHalqas: running.reduce(
      (total, halqa) => total + (halqa.students.active ?? 0) - away(halqa),
      0,
    ),
    endedSessions:
      running.length * (PAST_SESSIONS_PER_HALQA + HISTORY_SESSIONS_PER_HALQA) +
      spec.halqas.filter((halqa) => halqa.semesters.includes("archived")).length * ARCHIVED_SESSIONS_PER_HALQA,
    openSessions: spec.openToday.length,
    plans: spec.plans,
    plansByStatus,
  };
}

export const DEMO_COUNTS = { alnoor: countsOf(ALNOOR), arqam: countsOf(ARQAM) } as const;
