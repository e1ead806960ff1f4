import { describe, expect, it } from "vitest";
import { isAnnounceable, isNoticeMark, QUIET_MS, settledAt } from "./settle";

const now = new Date("2026-11-26T12:00:00Z");
const minutes = (n: number) => new Date(now.getTime() - n * 60_000);

describe("settledAt", () => {
  it("settles an ended session at its end", () => {
    expect(settledAt({ status: "ended", endedAt: minutes(5).toISOString(), lastChange: minutes(10) }, now)).toEqual(
      minutes(5),
    );
  });
  it("settles a correction made after the end when it was made", () => {
    expect(settledAt({ status: "ended", endedAt: minutes(20).toISOString(), lastChange: minutes(2) }, now)).toEqual(
      minutes(2),
    );
  });
  it("keeps an open register unsettled until 30 quiet minutes passed", () => {
    expect(settledAt({ status: "open", endedAt: null, lastChange: minutes(29) }, now)).toBeNull();
    expect(settledAt({ status: "open", endedAt: null, lastChange: minutes(30) }, now)).toEqual(now);
    expect(settledAt({ status: "open", endedAt: null, lastChange: minutes(45) }, now)).toEqual(
      new Date(minutes(45).getTime() + QUIET_MS),
    );
  });
});

describe("isAnnounceable", () => {
  it("announces what settled after the notices started (an hour's grace) and within a day", () => {
    const started = minutes(10);
    expect(isAnnounceable(minutes(5), started, now)).toBe(true);
    expect(isAnnounceable(minutes(65), started, now)).toBe(true);
    expect(isAnnounceable(minutes(75), started, now)).toBe(false);
    expect(isAnnounceable(minutes(25 * 60), minutes(48 * 60), now)).toBe(false);
  });
});

describe("isNoticeMark", () => {
  it("is absent and late only", () => {
    expect(["present", "absent", "late", "excused", "unknown"].filter(isNoticeMark)).toEqual(["absent", "late"]);
  });
});
