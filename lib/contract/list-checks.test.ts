import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints";
import { keepMatching, LIST_CHECKS, UNCHECKED_QUERY } from "./list-checks";

describe("the record checks of list filters", () => {
  it("has a rule for every filter of every list's query schema", () => {
    for (const [name, check] of Object.entries(LIST_CHECKS)) {
      const query = endpoints[name as keyof typeof LIST_CHECKS].query;
      const names = "shape" in query ? Object.keys(query.shape as object) : [];
      const filters = names.filter((filter) => !(UNCHECKED_QUERY as readonly string[]).includes(filter));
      expect(Object.keys(check.query).sort(), name).toEqual(filters.sort());
    }
  });

  it("keeps a plan's own assignments only (the path relation), whatever else is sent", () => {
    const rows = [
      { id: "a1", plan_id: "pln_1", status: "published" },
      { id: "a2", plan_id: "pln_2", status: "published" },
      { id: "a3", plan_id: "pln_1", status: "draft" },
    ];
    expect(keepMatching("listAssignments", { params: { id: "pln_1" } }, rows).map((r) => r.id)).toEqual(["a1", "a3"]);
    expect(
      keepMatching("listAssignments", { params: { id: "pln_1" }, query: { status: "draft", limit: 1 } }, rows).map(
        (r) => r.id,
      ),
    ).toEqual(["a3"]);
  });

  it("does not re-check updated_after, cursor or limit, and treats a missing field as no match", () => {
    const rows = [{ id: "s1", status: "active", updated_at: "2020-01-01T00:00:00.000Z" }, { id: "s2" }];
    expect(
      keepMatching(
        "listStudents",
        { query: { updated_after: "2030-01-01T00:00:00.000Z", cursor: "c", limit: 1 } },
        rows,
      ),
    ).toEqual(rows);
    expect(keepMatching("listStudents", { query: { status: "active" } }, rows).map((r) => r.id)).toEqual(["s1"]);
  });

  it("refuses a filter it has no rule for, rather than trusting it", () => {
    expect(() => keepMatching("listSemesters", { query: { halqa_id: "hal_1" } }, [])).toThrow(
      /No record check for filter "halqa_id"/,
    );
  });
});
