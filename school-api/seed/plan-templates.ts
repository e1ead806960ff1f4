import type { QuranPoint } from "@/lib/quran";
import type { Direction } from "./quran-path";

/** The plans the seeds build: a name, a direction through the mushaf, where it starts and ends, and the surahs revised. */
export type PlanTemplate = {
  name: string;
  direction: Direction;
  start: QuranPoint;
  destination: QuranPoint;
  revision: number[];
};

export const PLAN_TEMPLATES = {
  juzAmma: {
    name: "Juz' Amma memorization",
    direction: "descending",
    start: { surah: 114, ayah: 1 },
    destination: { surah: 78, ayah: 40 },
    revision: [1, 114, 113, 112, 108, 103],
  },
  tabarak: {
    name: "Juz' Tabarak memorization",
    direction: "descending",
    start: { surah: 77, ayah: 1 },
    destination: { surah: 67, ayah: 30 },
    revision: [78, 79, 80, 87, 93, 1],
  },
  baqarah: {
    name: "Surah Al-Baqarah, first half",
    direction: "ascending",
    start: { surah: 2, ayah: 1 },
    destination: { surah: 2, ayah: 141 },
    revision: [67, 78, 36, 1],
  },
  imran: {
    name: "Surah Aal-Imran",
    direction: "ascending",
    start: { surah: 3, ayah: 1 },
    destination: { surah: 3, ayah: 200 },
    revision: [2, 18, 36, 67],
  },
  kahf: {
    name: "Surah Al-Kahf",
    direction: "ascending",
    start: { surah: 18, ayah: 1 },
    destination: { surah: 18, ayah: 110 },
    revision: [36, 67, 78, 1],
  },
  yasin: {
    name: "Surahs Ya-Sin to Al-Mulk",
    direction: "ascending",
    start: { surah: 36, ayah: 1 },
    destination: { surah: 67, ayah: 30 },
    revision: [18, 78, 1, 112],
  },
} satisfies Record<string, PlanTemplate>;
