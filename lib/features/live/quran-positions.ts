/**
 * Page and juz of any ayah, for the recitation entry: the Hafs tables (quran-meta), loaded as their
 * own chunk when the live screen mounts, so they stay out of the first load yet are in memory
 * before the network may go away.
 */
import type { QuranPoint } from "./types";

export type Positions = { juz(point: QuranPoint): number; page(point: QuranPoint): number };

let loading: Promise<Positions> | null = null;
let loaded: Positions | null = null;

/** The tables if already loaded: a dialog opened after the screen loaded them renders with them at once. */
export function loadedPositions(): Positions | null {
  return loaded;
}

export function loadPositions(): Promise<Positions> {
  loading ??= import("quran-meta/hafs").then(
    (m) =>
      (loaded = {
        juz: (p: QuranPoint) =>
          m.findJuz(p.surah as Parameters<typeof m.findJuz>[0], p.ayah as Parameters<typeof m.findJuz>[1]),
        page: (p: QuranPoint) =>
          m.findPage(p.surah as Parameters<typeof m.findPage>[0], p.ayah as Parameters<typeof m.findPage>[1]),
      }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
