import { describe, expect, it } from "vitest";
import type { Subject } from "@/lib/authz/policy";
import {
  defaultRange,
  parseSessionFilters,
  sortNewestFirst,
  sortRecitations,
  summarize,
  visibleSessions,
} from "./list";

const session = (
  id: string,
  date: string,
  startsAt: string,
  extra: Partial<{ halqa_id: string; sheikh_id: string; created_at: string }> = {},
) => ({
  id,
  date,
  starts_at: startsAt,
  created_at: extra.created_at ?? startsAt,
  halqa_id: extra.halqa_id ?? "h1",
  sheikh_id: extra.sheikh_id ?? "s1",
});

const teacher: Subject = { role: "teacher", sheikhIds: ["s1"], halqaIds: new Set(["h1", "h2"]), studentLineageIds: [] };
const admin: Subject = { role: "admin", sheikhIds: [], halqaIds: new Set(), studentLineageIds: [] };

describe("sortNewestFirst", () => {
  it("orders sessions newest first", () => {
    const sessions = [
      { id: "a", date: "2026-01-01", starts_at: "2026-01-01T13:00:00.000Z" },
      { id: "b", date: "2026-01-03", starts_at: "2026-01-03T13:00:00.000Z" },
      { id: "c", date: "2026-01-03", starts_at: "2026-01-03T15:00:00.000Z" },
    ];
    expect(sortNewestFirst(sessions).map((s) => s.id)).toEqual(["c", "b", "a"]);
  });

  it("orders by date, then start time, then creation, newest first", () => {
    const sorted = sortNewestFirst([
      session("a", "2026-11-20", "2026-11-20T13:00:00.000Z"),
      session("b", "2026-11-22", "2026-11-22T09:00:00.000Z"),
      session("c", "2026-11-22", "2026-11-22T13:00:00.000Z"),
      session("d", "2026-11-22", "2026-11-22T13:00:00.000Z", { created_at: "2026-11-22T14:00:00.000Z" }),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(["d", "c", "b", "a"]);
  });

  it("does not change its input", () => {
    const input = [
      session("a", "2026-11-20", "2026-11-20T13:00:00.000Z"),
      session("b", "2026-11-22", "2026-11-22T13:00:00.000Z"),
    ];
    sortNewestFirst(input);
    expect(input.map((s) => s.id)).toEqual(["a", "b"]);
  });
});

describe("visibleSessions", () => {
  const all = [
    session("own", "2026-11-22", "2026-11-22T13:00:00.000Z", { sheikh_id: "s1", halqa_id: "h9" }),
    session("co-taught", "2026-11-22", "2026-11-22T13:00:00.000Z", { sheikh_id: "s2", halqa_id: "h2" }),
    session("other", "2026-11-22", "2026-11-22T13:00:00.000Z", { sheikh_id: "s3", halqa_id: "h3" }),
  ];
  it("gives a teacher their sheikh's sessions and those of halqas they teach", () => {
    expect(visibleSessions(teacher, all).map((s) => s.id)).toEqual(["own", "co-taught"]);
  });
  it("gives an admin everything and a parent nothing", () => {
    expect(visibleSessions(admin, all)).toHaveLength(3);
    expect(visibleSessions({ ...admin, role: "parent" }, all)).toHaveLength(0);
  });
});

describe("filters from the URL", () => {
  const range = { from: "2026-10-23", to: "2026-11-22" };

  it("defaults to the last 30 days", () => {
    expect(defaultRange("2026-11-22", { starts_on: "2026-09-01", ends_on: "2027-01-15" })).toEqual(range);
    expect(parseSessionFilters({}, range)).toEqual({ halqaId: null, from: range.from, to: range.to, status: null });
  });

  it("ends an archived semester's default range at its last day", () => {
    expect(defaultRange("2026-11-22", { starts_on: "2026-02-01", ends_on: "2026-06-10" })).toEqual({
      from: "2026-05-11",
      to: "2026-06-10",
    });
  });

  it("takes valid values and ignores malformed ones", () => {
    expect(parseSessionFilters({ halqa: "hq_1", status: "open", from: "2026-11-01", to: "2026-11-10" }, range)).toEqual(
      {
        halqaId: "hq_1",
        from: "2026-11-01",
        to: "2026-11-10",
        status: "open",
      },
    );
    expect(parseSessionFilters({ status: "closed", from: "yesterday", to: "2026-02-30" }, range)).toEqual({
      halqaId: null,
      ...range,
      status: null,
    });
  });

  it("turns a backwards range around and reads the first of repeated values", () => {
    expect(
      parseSessionFilters({ from: "2026-11-10", to: "2026-11-01", status: ["ended", "open"] }, range),
    ).toMatchObject({ from: "2026-11-01", to: "2026-11-10", status: "ended" });
  });
});

describe("summarize", () => {
  it("counts each attendance state and the recitations", () => {
    const rows = ["present", "present", "late", "absent", "excused", "present", "sick"].map((status) => ({
      status: status as "present",
    }));
    expect(summarize(rows, [{}, {}])).toEqual({
      present: 3,
      absent: 1,
      late: 1,
      excused: 1,
      marked: 7,
      recitations: 2,
    });
    expect(summarize([])).toEqual({ present: 0, absent: 0, late: 0, excused: 0, marked: 0, recitations: 0 });
  });

  it("orders recitations as they were recorded", () => {
    const sorted = sortRecitations([
      { id: "b", recorded_at: "2026-11-22T13:10:00.000Z" },
      { id: "a", recorded_at: "2026-11-22T13:05:00.000Z" },
    ]);
    expect(sorted.map((r) => r.id)).toEqual(["a", "b"]);
  });
});
