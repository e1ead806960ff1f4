import { describe, expect, it } from "vitest";
import type { Session } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { progressSessions } from "@/lib/db/schema";
import { memoryStorePerFile } from "@/tests/support/db/memory-store-per-file";
import { recentSessionsOf, removeTimetable, saveTimetable, timetablesFor, timetablesOf } from "./store";

let db: DashboardDb;
memoryStorePerFile((opened) => (db = opened));

describe("the timetable store", () => {
  it("keeps one timetable per halqa and connection, under the halqa's semester, days in order", async () => {
    await saveTimetable(
      "school-1",
      { id: "h1", semesterId: "s1" },
      { weekdays: [3, 1, 3], startsAt: "16:00", endsAt: null },
      "u1",
      db,
    );
    await saveTimetable(
      "school-1",
      { id: "h1", semesterId: "s1" },
      { weekdays: [5, 2], startsAt: "09:30", endsAt: "11:00" },
      "u1",
      db,
    );
    await saveTimetable(
      "school-2",
      { id: "h1", semesterId: "s1" },
      { weekdays: [7], startsAt: "08:00", endsAt: null },
      "u2",
      db,
    );
    await saveTimetable(
      "school-1",
      { id: "h2", semesterId: "s2" },
      { weekdays: [6], startsAt: "08:00", endsAt: null },
      "u1",
      db,
    );
    const s1 = await timetablesOf("school-1", "s1", db);
    expect([...s1.values()]).toEqual([
      { halqaId: "h1", semesterId: "s1", weekdays: [2, 5], startsAt: "09:30", endsAt: "11:00" },
    ]);
    expect([...(await timetablesFor("school-1", ["h1", "h2", "h3"], db)).keys()].sort()).toEqual(["h1", "h2"]);
    await removeTimetable("school-1", "h1", db);
    expect((await timetablesOf("school-1", "s1", db)).size).toBe(0);
    expect((await timetablesOf("school-2", "s1", db)).size).toBe(1);
  });

  it("reads the suggestion's four weeks of sessions from the progress read model, of the given halqas and tenant only", async () => {
    const row = (id: string, halqaId: string, date: string, tenantId = "t1") => ({
      connectionId: "school-1",
      id,
      tenantId,
      halqaId,
      date,
      status: "ended",
      updatedAt: new Date(),
      syncedAt: new Date(),
      data: {
        id,
        halqa_id: halqaId,
        sheikh_id: "sh",
        semester_id: "s1",
        status: "ended",
        date,
        starts_at: `${date}T13:00:00.000Z`,
        ended_at: null,
        topic: null,
        created_at: "",
        updated_at: "",
      } satisfies Session,
    });
    await db.insert(progressSessions).values([
      row("a", "h1", "2026-11-25"), // yesterday
      row("b", "h1", "2026-10-29"), // the first day of the four weeks before 2026-11-26
      row("c", "h1", "2026-10-28"), // before them
      row("d", "h1", "2026-11-26"), // today: still changing
      row("e", "h2", "2026-11-20"),
      row("f", "h1", "2026-11-19", "t2"),
    ]);
    const recent = await recentSessionsOf({ connectionId: "school-1", tenantId: "t1" }, ["h1"], "2026-11-26", db);
    expect([...recent.keys()]).toEqual(["h1"]);
    expect(recent.get("h1")).toEqual([
      { date: "2026-10-29", starts_at: "2026-10-29T13:00:00.000Z" },
      { date: "2026-11-25", starts_at: "2026-11-25T13:00:00.000Z" },
    ]);
  });
});
