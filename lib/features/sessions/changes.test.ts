import { describe, expect, it } from "vitest";
import { sessionChanges } from "./changes";

const session = { sheikh_id: "s1", date: "2026-11-22", starts_at: "2026-11-22T13:00:00.000Z", topic: "Juz' Amma" };
const zone = "Asia/Riyadh";

describe("sessionChanges", () => {
  it("sends nothing when nothing changed", () => {
    expect(
      sessionChanges(session, { sheikh_id: "s1", date: "2026-11-22", starts_at: "16:00", topic: "Juz' Amma" }, zone),
    ).toBeNull();
  });

  it("sends only the changed fields", () => {
    expect(
      sessionChanges(session, { sheikh_id: "s1", date: "2026-11-22", starts_at: "16:00", topic: "Al-Mulk" }, zone),
    ).toEqual({ topic: "Al-Mulk" });
    expect(
      sessionChanges(session, { sheikh_id: "s2", date: "2026-11-22", starts_at: "16:30", topic: "Juz' Amma" }, zone),
    ).toEqual({
      sheikh_id: "s2",
      starts_at: "2026-11-22T13:30:00.000Z",
    });
  });

  it("moves the start with the date", () => {
    expect(sessionChanges(session, { date: "2026-11-23", starts_at: "16:00", topic: "Juz' Amma" }, zone)).toEqual({
      date: "2026-11-23",
      starts_at: "2026-11-23T13:00:00.000Z",
    });
  });

  it("clears a topic with null", () => {
    expect(sessionChanges(session, { topic: null }, zone)).toEqual({ topic: null });
    expect(sessionChanges({ ...session, topic: null }, { topic: null }, zone)).toBeNull();
    expect(sessionChanges(session, { sheikh_id: "s2" }, zone)).toEqual({ sheikh_id: "s2" });
  });
});
