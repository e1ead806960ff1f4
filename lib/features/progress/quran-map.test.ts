import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RECITATION_KINDS } from "@/lib/contract";
import { juzOf, SURAHS } from "@/lib/quran";
import { ayahIdOf, pointOfAyahId } from "@/lib/quran/cover";
import { AYAH_COUNT, QUARTERS, quartersOfSpan } from "@/lib/quran/quarters";
import { currencyOf, daysBetween, quranMap, schoolDayOf, type MapRecitation } from "./quran-map";

const ZONE = "Asia/Riyadh";
const TODAY = "2026-11-24";

function recitation(
  id: string,
  kind: MapRecitation["kind"],
  start: [number, number],
  end: [number, number],
  recordedAt: string,
  rating = 3,
): MapRecitation {
  return {
    id,
    kind,
    range: { start: { surah: start[0], ayah: start[1] }, end: { surah: end[0], ayah: end[1] } },
    rating,
    recorded_at: recordedAt,
  };
}

/** Independent of quarters.ts: an ayah's mushaf number counted from the surahs' ayah counts. */
function ayahOf(surah: number, ayah: number): number {
  return SURAHS.slice(0, surah - 1).reduce((sum, s) => sum + s.ayah_count, 0) + ayah;
}

const ayahArb = fc.integer({ min: 1, max: AYAH_COUNT });
const instantArb = fc
  .integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2026-11-24T18:00:00Z") })
  .map((ms) => new Date(ms).toISOString());
const recitationArb = fc
  .record({
    id: fc.uuid(),
    kind: fc.constantFrom(...RECITATION_KINDS),
    a: ayahArb,
    b: ayahArb,
    at: instantArb,
    rating: fc.integer({ min: 1, max: 5 }),
  })
  .map(({ id, kind, a, b, at, rating }): MapRecitation => {
    const [first, last] = a <= b ? [a, b] : [b, a];
    return { id, kind, range: { start: pointOfAyahId(first), end: pointOfAyahId(last) }, rating, recorded_at: at };
  });
// Short ranges too, so partial quarters are common.
const shortRecitationArb = fc.tuple(recitationArb, fc.integer({ min: 0, max: 40 })).map(([r, length]) => {
  const first = ayahIdOf(r.range.start);
  return { ...r, range: { start: r.range.start, end: pointOfAyahId(Math.min(first + length, AYAH_COUNT)) } };
});
const historyArb = fc.array(fc.oneof(recitationArb, shortRecitationArb, shortRecitationArb), { maxLength: 25 });

describe("hizb quarters of the mushaf", () => {
  it("are 240, eight per juz, contiguous from the first ayah to the last, each inside its juz", () => {
    expect(QUARTERS).toHaveLength(240);
    expect(QUARTERS[0]!.firstAyah).toBe(1);
    expect(QUARTERS.at(-1)!.lastAyah).toBe(AYAH_COUNT);
    QUARTERS.forEach((quarter, at) => {
      expect(quarter.index).toBe(at + 1);
      expect(quarter.juz).toBe(Math.floor(at / 8) + 1);
      expect(quarter.inJuz).toBe((at % 8) + 1);
      if (at > 0) expect(quarter.firstAyah).toBe(QUARTERS[at - 1]!.lastAyah + 1);
      expect(juzOf(quarter.first)).toBe(quarter.juz);
      expect(juzOf(quarter.last)).toBe(quarter.juz);
      expect(ayahOf(quarter.first.surah, quarter.first.ayah)).toBe(quarter.firstAyah);
      expect(ayahOf(quarter.last.surah, quarter.last.ayah)).toBe(quarter.lastAyah);
    });
  });

  it("number ayahs the way counting the surahs does, both ways", () => {
    fc.assert(
      fc.property(ayahArb, (ayah) => {
        const point = pointOfAyahId(ayah);
        expect(ayahOf(point.surah, point.ayah)).toBe(ayah);
        expect(ayahIdOf(point)).toBe(ayah);
      }),
    );
  });

  it("split a span into the quarters it reaches, in order, leaving nothing out and adding nothing", () => {
    fc.assert(
      fc.property(ayahArb, ayahArb, (a, b) => {
        const [first, last] = a <= b ? [a, b] : [b, a];
        const pieces = quartersOfSpan(first, last);
        expect(pieces[0]!.from).toBe(first);
        expect(pieces.at(-1)!.to).toBe(last);
        pieces.forEach((piece, at) => {
          expect(piece.from).toBeGreaterThanOrEqual(piece.quarter.firstAyah);
          expect(piece.to).toBeLessThanOrEqual(piece.quarter.lastAyah);
          if (at > 0) expect(piece.from).toBe(pieces[at - 1]!.to + 1);
        });
      }),
    );
  });
});

describe("a student's Quran map", () => {
  it("counts memorisation ayah by ayah: Al-Fatiha is part of the first quarter, the rest of it makes it whole", () => {
    const fatiha = recitation("a", "new_memorization", [1, 1], [1, 7], "2026-11-20T08:00:00Z");
    const part = quranMap([fatiha], TODAY, ZONE).cells[0]!;
    expect(part).toMatchObject({
      memorised: "part",
      memorisedAyahs: 7,
      ayahCount: 32,
      currency: "never",
      lastRevision: null,
    });
    expect(part.lastHeard).toMatchObject({ recitationId: "a", daysAgo: 4, rating: 3 });
    const whole = quranMap(
      [fatiha, recitation("b", "new_memorization", [2, 1], [2, 25], "2026-11-21T08:00:00Z")],
      TODAY,
      ZONE,
    );
    expect(whole.cells[0]!.memorised).toBe("all");
    expect(whole.memorisedQuarters).toBe(1);
    expect(whole.cells[1]!.memorised).toBe("none");
  });

  it("takes the latest revision touching a quarter for its currency, and the latest recitation of any kind for its rating", () => {
    const map = quranMap(
      [
        recitation("old", "old_revision", [2, 20], [2, 30], "2026-09-01T08:00:00Z", 5),
        recitation("recent", "recent_revision", [2, 25], [2, 25], "2026-11-10T08:00:00Z", 2),
        recitation("new", "new_memorization", [2, 26], [2, 26], "2026-11-23T08:00:00Z", 4),
      ],
      TODAY,
      ZONE,
    );
    const [first, second] = map.cells;
    expect(first).toMatchObject({
      currency: "month",
      lastRevision: { recitationId: "recent", daysAgo: 14 },
      lastHeard: { recitationId: "recent", rating: 2 },
    });
    expect(second).toMatchObject({
      currency: "older",
      lastRevision: { recitationId: "old", daysAgo: 84 },
      lastHeard: { recitationId: "new", rating: 4 },
    });
    expect(map.byCurrency).toEqual({ week: 0, month: 1, older: 1, never: 0 });
  });

  it("counts days between the school's calendar days, not 24-hour spans", () => {
    // 23:30 UTC on the 16th is already the 17th in Riyadh (UTC+3).
    expect(schoolDayOf("2026-11-16T23:30:00Z", ZONE)).toBe("2026-11-17");
    expect(daysBetween("2026-11-17", TODAY)).toBe(7);
    expect(currencyOf(7)).toBe("week");
    expect(currencyOf(8)).toBe("month");
    expect(currencyOf(30)).toBe("month");
    expect(currencyOf(31)).toBe("older");
    expect(currencyOf(null)).toBe("never");
  });

  it("gives each recitation its own school day in zones off the hour, a minute either side of midnight", () => {
    // Kathmandu is UTC+5:45 (midnight is 18:15 UTC), the Chatham Islands +13:45 in summer, Lord Howe moves by 30 minutes.
    const zones = [
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "Australia/Lord_Howe",
      "America/St_Johns",
      "Asia/Kolkata",
      "Europe/London",
    ];
    const nearQuarterHour = fc
      .record({
        quarterHour: fc.integer({
          min: Date.parse("2026-01-01T00:00:00Z") / 900_000,
          max: Date.parse("2026-11-24T00:00:00Z") / 900_000,
        }),
        offsetMs: fc.integer({ min: -90_000, max: 90_000 }),
      })
      .map(({ quarterHour, offsetMs }) => new Date(quarterHour * 900_000 + offsetMs).toISOString());
    const history = fc.array(
      fc
        .record({ id: fc.uuid(), quarter: fc.integer({ min: 0, max: 239 }), at: nearQuarterHour })
        .map(({ id, quarter, at }) => {
          const { firstAyah } = QUARTERS[quarter]!;
          return {
            id,
            kind: "recent_revision" as const,
            range: { start: pointOfAyahId(firstAyah), end: pointOfAyahId(firstAyah) },
            rating: 3,
            recorded_at: at,
          };
        }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(history, fc.constantFrom(...zones), (recitations, zone) => {
        for (const cell of quranMap(recitations, TODAY, zone).cells) {
          if (!cell.lastHeard) continue;
          expect(cell.lastHeard.day).toBe(schoolDayOf(cell.lastHeard.recordedAt, zone));
          expect(cell.lastHeard.daysAgo).toBe(daysBetween(cell.lastHeard.day, TODAY));
        }
      }),
      { numRuns: 200 },
    );
    const kathmandu = quranMap(
      [
        recitation("a", "recent_revision", [1, 1], [1, 1], "2026-11-16T18:14:30Z"),
        recitation("b", "recent_revision", [3, 1], [3, 1], "2026-11-16T18:15:10Z"),
      ],
      TODAY,
      "Asia/Kathmandu",
    );
    const dayOfRecitation = (id: string) =>
      kathmandu.cells.find((cell) => cell.lastHeard?.recitationId === id)?.lastHeard?.day;
    expect([dayOfRecitation("a"), dayOfRecitation("b")]).toEqual(["2026-11-16", "2026-11-17"]);
  });

  it("agrees with a naive count of every quarter, whatever the order of the history", () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const map = quranMap(history, TODAY, ZONE);
        const reversed = quranMap(history.toReversed(), TODAY, ZONE);
        expect(reversed.cells).toEqual(map.cells);
        const spans = new Map(
          history.map((r) => [
            r,
            [ayahOf(r.range.start.surah, r.range.start.ayah), ayahOf(r.range.end.surah, r.range.end.ayah)] as const,
          ]),
        );
        const span = (r: MapRecitation) => spans.get(r)!;
        // Memorised: recited in any kind (docs/progress.md); a revision is of what one knows by heart.
        const memorisations = history.map(span);
        for (const cell of map.cells) {
          const { firstAyah, lastAyah } = cell.quarter;
          let memorised = 0;
          for (let ayah = firstAyah; ayah <= lastAyah; ayah++) {
            if (memorisations.some(([first, last]) => first <= ayah && ayah <= last)) memorised++;
          }
          expect(cell.memorisedAyahs).toBe(memorised);
          const touching = history.filter((r) => span(r)[0] <= lastAyah && span(r)[1] >= firstAyah);
          const latest = (list: MapRecitation[]) =>
            list
              .map((r) => r.recorded_at)
              .sort()
              .at(-1) ?? null;
          expect(cell.lastHeard?.recordedAt ?? null).toBe(latest(touching));
          expect(cell.lastRevision?.recordedAt ?? null).toBe(
            latest(touching.filter((r) => r.kind !== "new_memorization")),
          );
          expect(cell.currency).toBe(
            currencyOf(cell.lastRevision ? daysBetween(schoolDayOf(cell.lastRevision.recordedAt, ZONE), TODAY) : null),
          );
          // A cell coloured as recited is never "not memorised": the colour and the words agree.
          if (cell.lastHeard) expect(cell.memorised).not.toBe("none");
        }
        expect(map.memorisedAyahs).toBe(map.cells.reduce((sum, cell) => sum + cell.memorisedAyahs, 0));
        expect(map.memorisedQuarters).toBe(map.cells.filter((cell) => cell.memorised === "all").length);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
