import { describe, expect, it } from "vitest";
import type { Period } from "./period";
import { periodFigures, type ReportRecitation } from "./report";

const ZONE = "Asia/Riyadh";
const NOVEMBER: Period = { kind: "month", from: "2026-11-01", to: "2026-11-30" };

const recitation = (id: string, kind: ReportRecitation["kind"], from: number, to: number, at: string, rating = 3): ReportRecitation => ({
  id,
  kind,
  range: { start: { surah: 67, ayah: from }, end: { surah: 67, ayah: to } },
  rating,
  mistakes: null,
  recorded_at: at,
});

const session = (date: string, status: "present" | "absent" | null) => ({ session: { id: date, date, starts_at: `${date}T05:00:00Z`, status: "ended" as const }, row: status ? { status } : null });

describe("a report's figures for a period", () => {
  it("counts the period's recitations by the school's day, and only ayahs memorised for the first time in it", () => {
    const { figures, until } = periodFigures(
      [
        recitation("before", "new_memorization", 1, 10, "2026-10-20T08:00:00Z", 5),
        // 22:00 UTC on 31 October is already 1 November in Riyadh.
        recitation("edge", "new_memorization", 5, 15, "2026-10-31T22:00:00Z", 4),
        recitation("revision", "recent_revision", 1, 15, "2026-11-10T08:00:00Z", 2),
        recitation("after", "new_memorization", 16, 30, "2026-12-01T08:00:00Z"),
      ],
      [session("2026-10-30", "absent"), session("2026-11-02", "present"), session("2026-11-03", "absent"), session("2026-11-04", null)],
      NOVEMBER,
      ZONE,
    );
    expect(figures.recitations.map((r) => r.id)).toEqual(["edge", "revision"]);
    expect(figures.byKind).toEqual({ new_memorization: 1, recent_revision: 1, old_revision: 0 });
    expect(figures.meanRating).toBe(3);
    expect(figures.newAyahs).toBe(5);
    expect(figures.attendance).toMatchObject({ counted: 2, attended: 1, unmarked: 1, streak: { kind: "missed", sessions: 1 } });
    expect(until.map((r) => r.id)).toEqual(["before", "edge", "revision"]);
  });

  it("has no mean rating without recitations", () => {
    expect(periodFigures([], [], NOVEMBER, ZONE).figures).toMatchObject({ meanRating: null, newAyahs: 0, recitations: [] });
  });
});
