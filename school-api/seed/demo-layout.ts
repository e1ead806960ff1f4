import type { RatingLevel } from "@/lib/contract";
import type { Gender } from "./names";

/** The shape of each demo school; seed/demo.ts turns it into rows. Counts in demo-facts.ts derive from it. */
export type SemesterKind = "archived" | "active" | "planned";

export type SheikhSpec = { key: string; name: string; status: "active" | "inactive" };

export type HalqaSpec = {
  key: string;
  name: string;
  description: string;
  gender: Gender;
  ages: [number, number];
  /** The semesters this halqa lineage exists in; the same lineage_id across all of them. */
  semesters: SemesterKind[];
  /** False for a halqa of the active semester that is not running this term. */
  activeNow: boolean;
  /** Students per semester record; `carried` of the active roster continue from the archived one. */
  students: { archived?: number; active?: number; carried?: number; onLeave?: number; withdrawn?: number };
  sheikhs: string[];
  publicationPolicy?: "automatic" | "staff_review";
  automationPaused?: boolean;
};

export type SchoolSpec = {
  seed: number;
  name: string;
  nameAr: string;
  timeZone: string;
  ratingScale: RatingLevel[];
  families: "saudi" | "uk";
  sessionTime: string;
  policy: {
    learningPlansEnabled: boolean;
    writeAccessEnabled: boolean;
    publicationPolicy: "automatic" | "staff_review";
    automationPaused: boolean;
  };
  sheikhs: SheikhSpec[];
  halqas: HalqaSpec[];
  /** Learning plans, one each for the first active students of running halqas (round robin over halqas). */
  plans: number;
  /** Halqa keys that have an open session today. */
  openToday: string[];
  /** Plan templates (keys of PLAN_TEMPLATES) per halqa key. */
  templates: Record<string, string[]>;
  /** Learner-level plan configuration, by halqa key and roster position of the active semester. */
  learnerOverrides: {
    halqa: string;
    index: number;
    publicationPolicy?: "automatic" | "staff_review";
    automationPaused?: boolean;
  }[];
};

export const PAST_SESSIONS_PER_HALQA = 12;
/** Older sessions of each running halqa before the recent ones (seed/history.ts): the longer recitation history. */
export const HISTORY_SESSIONS_PER_HALQA = 18;
/** Plan states in the order plans are made: mostly active, with every other state represented. */
export const PLAN_STATUS_CYCLE = [
  "active",
  "active",
  "paused",
  "active",
  "draft",
  "active",
  "completed",
  "active",
  "active",
  "cancelled",
] as const;
export const ARCHIVED_SESSIONS_PER_HALQA = 4;

export const ALNOOR: SchoolSpec = {
  seed: 1447,
  name: "Al-Noor Quran School",
  nameAr: "مدرسة النور لتحفيظ القرآن",
  timeZone: "Asia/Riyadh",
  ratingScale: [
    { value: 1, label: "Needs repetition", label_ar: "يحتاج إلى إعادة" },
    { value: 2, label: "Acceptable", label_ar: "مقبول" },
    { value: 3, label: "Good", label_ar: "جيد" },
    { value: 4, label: "Very good", label_ar: "جيد جدًا" },
    { value: 5, label: "Excellent", label_ar: "ممتاز" },
  ],
  families: "saudi",
  sessionTime: "16:00",
  policy: {
    learningPlansEnabled: true,
    writeAccessEnabled: true,
    publicationPolicy: "staff_review",
    automationPaused: false,
  },
  sheikhs: [
    { key: "abdullah", name: "Abdullah Al-Harbi", status: "active" },
    { key: "saleh", name: "Saleh Al-Mutairi", status: "active" },
    { key: "maryam", name: "Maryam Al-Qahtani", status: "active" },
    { key: "hind", name: "Hind Al-Shehri", status: "active" },
    { key: "ibrahim", name: "Ibrahim Al-Ghamdi", status: "active" },
    { key: "faisal", name: "Faisal Al-Anazi", status: "inactive" },
  ],
  halqas: [
    {
      key: "abu-bakr",
      name: "Abu Bakr As-Siddiq Circle",
      description: "Boys 8–11 · Juz' Amma memorization · Sun, Tue, Thu after Asr",
      gender: "boys",
      ages: [8, 11],
      semesters: ["archived", "active", "planned"],
      activeNow: true,
      students: { archived: 15, active: 15, carried: 11, onLeave: 1 },
      sheikhs: ["abdullah", "saleh"],
    },
    {
      key: "umar",
      name: "Umar ibn Al-Khattab Circle",
      description: "Boys 12–15 · Juz' Tabarak and Al-Baqarah · Sat, Mon, Wed after Maghrib",
      gender: "boys",
      ages: [12, 15],
      semesters: ["archived", "active"],
      activeNow: true,
      students: { archived: 15, active: 16, carried: 10, onLeave: 1, withdrawn: 1 },
      sheikhs: ["abdullah", "faisal"],
      publicationPolicy: "automatic",
    },
    {
      key: "khadijah",
      name: "Khadijah bint Khuwaylid Circle",
      description: "Girls 9–13 · Juz' Amma and Juz' Tabarak · Sun, Tue, Thu after Asr",
      gender: "girls",
      ages: [9, 13],
      semesters: ["archived", "active"],
      activeNow: true,
      students: { archived: 14, active: 15, carried: 12, withdrawn: 1 },
      sheikhs: ["maryam"],
      automationPaused: true,
    },
    {
      key: "aisha",
      name: "Aisha bint Abi Bakr Circle",
      description: "Girls 13–16 · Surah Al-Baqarah and Aal-Imran · Sat, Mon, Wed after Asr",
      gender: "girls",
      ages: [13, 16],
      semesters: ["active", "planned"],
      activeNow: true,
      students: { active: 14, onLeave: 1 },
      sheikhs: ["hind"],
    },
    {
      key: "zaid",
      name: "Zaid ibn Thabit Evening Circle",
      description: "Adults · tajweed and revision · not running this term",
      gender: "mixed",
      ages: [19, 45],
      semesters: ["active"],
      activeNow: false,
      students: { active: 12 },
      sheikhs: ["ibrahim"],
    },
    {
      key: "summer",
      name: "Summer Intensive Circle",
      description: "Boys and girls 10–14 · four-week intensive revision",
      gender: "mixed",
      ages: [10, 14],
      semesters: ["archived"],
      activeNow: false,
      students: { archived: 15 },
      sheikhs: ["ibrahim", "faisal"],
    },
  ],
  plans: 42,
  openToday: ["abu-bakr"],
  templates: {
    "abu-bakr": ["juzAmma"],
    umar: ["tabarak", "baqarah"],
    khadijah: ["juzAmma", "tabarak"],
    aisha: ["baqarah", "imran"],
  },
  learnerOverrides: [
    { halqa: "umar", index: 1, publicationPolicy: "staff_review" },
    { halqa: "abu-bakr", index: 2, automationPaused: true },
    { halqa: "aisha", index: 0, publicationPolicy: "automatic", automationPaused: false },
  ],
};

export const ARQAM: SchoolSpec = {
  seed: 1446,
  name: "Dar Al-Arqam",
  nameAr: "دار الأرقم",
  timeZone: "Europe/London",
  ratingScale: [
    { value: 1, label: "Not yet", label_ar: "لم يتقن بعد" },
    { value: 2, label: "Passed", label_ar: "ناجح" },
    { value: 3, label: "Good", label_ar: "جيد" },
    { value: 4, label: "Excellent", label_ar: "ممتاز" },
  ],
  families: "uk",
  sessionTime: "17:30",
  policy: {
    learningPlansEnabled: false,
    writeAccessEnabled: false,
    publicationPolicy: "automatic",
    automationPaused: false,
  },
  sheikhs: [
    { key: "yusuf", name: "Yusuf Hussain", status: "active" },
    { key: "khadija", name: "Khadija Rahman", status: "active" },
    { key: "idris", name: "Idris Mohamud", status: "active" },
    { key: "anwar", name: "Anwar Siddiqui", status: "inactive" },
  ],
  halqas: [
    {
      key: "ibn-kathir",
      name: "Ibn Kathir Circle",
      description: "Boys 9–12 · Juz' Amma · Mon and Wed after school",
      gender: "boys",
      ages: [9, 12],
      semesters: ["archived", "active", "planned"],
      activeNow: true,
      students: { archived: 14, active: 15, carried: 10, onLeave: 1 },
      sheikhs: ["yusuf", "anwar"],
    },
    {
      key: "asma",
      name: "Asma bint Abi Bakr Circle",
      description: "Girls 10–14 · Juz' Tabarak · Tue and Thu after school",
      gender: "girls",
      ages: [10, 14],
      semesters: ["archived", "active"],
      activeNow: true,
      students: { archived: 15, active: 15, carried: 11, withdrawn: 1 },
      sheikhs: ["khadija"],
    },
    {
      key: "weekend",
      name: "Weekend Hifz Circle",
      description: "Boys and girls 11–16 · full-time hifz track · Sat and Sun mornings",
      gender: "mixed",
      ages: [11, 16],
      semesters: ["active"],
      activeNow: true,
      students: { active: 15 },
      sheikhs: ["yusuf", "idris"],
    },
  ],
  plans: 3,
  openToday: ["weekend"],
  templates: { "ibn-kathir": ["juzAmma"], asma: ["tabarak"], weekend: ["kahf", "yasin"] },
  learnerOverrides: [],
};

export const DEMO_SCHOOLS: readonly SchoolSpec[] = [ALNOOR, ARQAM];
