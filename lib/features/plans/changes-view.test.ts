import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LearningPlan } from "@/lib/contract";
import type { PlanChange } from "./changes";
import { CHANGE_GROUPS_PER_PAGE, CHANGE_KINDS, groupChanges, type PlanStudent } from "./changes-view";

const plan = (id: string, studentId: string) => ({ id, student_id: studentId, name: `Plan ${id}` }) as LearningPlan;
const change = (planId: string, at: string, kind: PlanChange["kind"] = "replaced"): PlanChange => ({
  kind,
  at,
  planId,
  assignmentId: `${planId}-${at}`,
  replacementId: null,
});

describe("groupChanges", () => {
  const plans = new Map([
    ["p1", plan("p1", "s1")],
    ["p2", plan("p2", "s2")],
  ]);
  const students = new Map<string, PlanStudent>([
    ["s1", { id: "s1", name: "Ammar", halqaId: "h1" }],
    ["s2", { id: "s2", name: "Malik", halqaId: "h2" }],
  ]);
  const changes = [
    change("p1", "2026-11-01T08:00:00Z"),
    change("p2", "2026-11-03T08:00:00Z", "added"),
    change("p1", "2026-11-02T08:00:00Z", "started"),
  ];

  it("groups by plan, the most recently changed plan first, each group newest first, naming the student", () => {
    const view = groupChanges(changes, plans, students, { period: "7", page: 1 });
    expect(
      view.groups.map((group) => [group.plan.id, group.student?.name, group.changes.map((c) => c.at.slice(8, 10))]),
    ).toEqual([
      ["p2", "Malik", ["03"]],
      ["p1", "Ammar", ["02", "01"]],
    ]);
    expect(view).toMatchObject({ page: 1, pages: 1, totalPlans: 2, totalChanges: 3 });
  });

  it("filters by the student's halqa and by kind", () => {
    expect(
      groupChanges(changes, plans, students, { period: "7", page: 1, halqa: "h1" }).groups.map((g) => g.plan.id),
    ).toEqual(["p1"]);
    expect(
      groupChanges(changes, plans, students, { period: "7", page: 1, kind: "added" }).groups.map((g) => g.plan.id),
    ).toEqual(["p2"]);
    expect(groupChanges(changes, plans, new Map(), { period: "7", page: 1, halqa: "h1" }).groups).toEqual([]);
  });

  it("pages hold every group exactly once, whatever the filters", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            plan: fc.integer({ min: 0, max: 60 }),
            minute: fc.integer({ min: 0, max: 10_000 }),
            kind: fc.constantFrom(...CHANGE_KINDS),
          }),
          { maxLength: 200 },
        ),
        fc.option(fc.constantFrom(...CHANGE_KINDS), { nil: undefined }),
        (raw, kind) => {
          const manyPlans = new Map(Array.from({ length: 61 }, (_, i) => [`p${i}`, plan(`p${i}`, `s${i}`)] as const));
          const all = raw.map((r) =>
            change(`p${r.plan}`, new Date(Date.UTC(2026, 10, 1) + r.minute * 60_000).toISOString(), r.kind),
          );
          const first = groupChanges(all, manyPlans, new Map(), { period: "7", page: 1, kind });
          const seen: string[] = [];
          let count = 0;
          for (let page = 1; page <= first.pages; page++) {
            const view = groupChanges(all, manyPlans, new Map(), { period: "7", page, kind });
            expect(view.groups.length).toBeLessThanOrEqual(CHANGE_GROUPS_PER_PAGE);
            seen.push(...view.groups.map((g) => g.plan.id));
            count += view.groups.reduce((n, g) => n + g.changes.length, 0);
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(count).toBe(all.filter((c) => !kind || c.kind === kind).length);
          expect(first.totalChanges).toBe(count);
        },
      ),
    );
  });
});
