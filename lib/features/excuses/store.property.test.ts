import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DashboardDb } from "@/lib/db/client";
import { excuseRequests } from "@/lib/db/schema";
import { memoryStorePerFile } from "@/tests/support/db/memory-store-per-file";
import { EXCUSES_PER_DAY } from "./limits";
import { adminExcuses, createExcuse, parentExcuses, registerExcuses, type ExcuseParent } from "./store";

/**
 * The parent filter of excuse requests: whatever links parents have, and whatever they ask for, a
 * parent can never create a request for a child not linked to them (nothing is stored), never read
 * another parent's request, and never read one for a child unlinked since.
 */
let db: DashboardDb;
memoryStorePerFile((opened) => (db = opened));

const TENANT = "ten_alnoor";
const TODAY = "2026-11-26";
const LINEAGES = ["lin-a", "lin-b", "lin-c", "lin-d"];
const parentOf = (i: number, links: string[], connectionId = "alnoor"): ExcuseParent => ({
  id: `usr-p${i}`,
  connectionId,
  role: "parent",
  studentLineageIds: links,
});

const family = fc.uniqueArray(fc.constantFrom(...LINEAGES), { maxLength: LINEAGES.length });
const attempt = fc.record({
  parent: fc.nat({ max: 2 }),
  lineage: fc.constantFrom(...LINEAGES, "lin-other-school"),
  reason: fc.string({ minLength: 1, maxLength: 20 }),
});

describe("excuse requests: the parent filter", () => {
  it("never stores or shows a request for a child not linked to the parent, nor another parent's", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(family, family, family),
        fc.array(attempt, { maxLength: 12 }),
        fc.nat({ max: 3 }),
        async (links, attempts, dropped) => {
          await db.delete(excuseRequests);
          const parents = links.map((l, i) => parentOf(i, l));
          const made = new Map<string, { parent: number; lineage: string }>();
          for (const a of attempts) {
            const parent = parents[a.parent]!;
            const outcome = await createExcuse(db, parent, TENANT, {
              lineageId: a.lineage,
              childName: "Kid",
              day: TODAY,
              reason: a.reason,
              today: TODAY,
            });
            if (parent.studentLineageIds.includes(a.lineage)) {
              expect(outcome.ok).toBe(true);
              if (outcome.ok) made.set(outcome.id, { parent: a.parent, lineage: a.lineage });
            } else expect(outcome).toEqual({ ok: false, code: "not_their_child" });
          }
          // Nothing was stored for a child not linked to the one who asked.
          const stored = await db.select().from(excuseRequests);
          expect(stored.length).toBe(made.size);
          for (const row of stored)
            expect(parents.find((p) => p.id === row.parentUserId)!.studentLineageIds).toContain(row.lineageId);

          // Each parent reads their own requests for their linked children: exactly those.
          for (const [i, parent] of parents.entries()) {
            const seen = await parentExcuses(db, parent, TENANT, TODAY);
            const own = [...made].filter(([, m]) => m.parent === i).map(([id]) => id);
            expect(seen.map((r) => r.id).sort()).toEqual(own.sort());
          }
          // A child unlinked since: its requests are no longer shown to that parent.
          const parent = parents[0]!;
          const gone = parent.studentLineageIds[dropped % Math.max(1, parent.studentLineageIds.length)];
          const after = { ...parent, studentLineageIds: parent.studentLineageIds.filter((l) => l !== gone) };
          for (const row of await parentExcuses(db, after, TENANT, TODAY)) expect(row.lineageId).not.toBe(gone);
          // Someone who is not a parent (an admin's or teacher's id) reads none through the parent filter.
          expect(await parentExcuses(db, { ...parent, role: "admin" }, TENANT, TODAY)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("keeps schools apart: another school's register and list never show them", async () => {
    await db.delete(excuseRequests);
    const parent = parentOf(0, ["lin-a"]);
    await createExcuse(db, parent, TENANT, {
      lineageId: "lin-a",
      childName: "Kid",
      day: TODAY,
      reason: "travel",
      today: TODAY,
    });
    expect(
      await registerExcuses(db, { connectionId: "arqam", tenantId: "ten_arqam" }, TODAY, ["lin-a"], "usr-admin"),
    ).toEqual([]);
    expect(await adminExcuses(db, { connectionId: "alnoor", tenantId: "ten_other" }, TODAY, "usr-admin")).toEqual([]);
    expect(await parentExcuses(db, parentOf(0, ["lin-a"], "arqam"), TENANT, TODAY)).toEqual([]);
    expect((await parentExcuses(db, parent, TENANT, TODAY))[0]?.seen).toBe(false);
  });

  it("counts as seen once staff open that day's register, which shows the reason as it was written", async () => {
    await db.delete(excuseRequests);
    const parent = parentOf(0, ["lin-a", "lin-b"]);
    await createExcuse(db, parent, TENANT, {
      lineageId: "lin-a",
      childName: "Kid",
      day: TODAY,
      reason: "<b>travel</b>",
      today: TODAY,
    });
    await createExcuse(db, parent, TENANT, {
      lineageId: "lin-b",
      childName: "Kid",
      day: "2026-11-27",
      reason: "ill",
      today: TODAY,
    });
    const school = { connectionId: "alnoor", tenantId: TENANT };
    expect(await registerExcuses(db, school, TODAY, ["lin-a", "lin-b"], "usr-teacher")).toEqual([
      { lineageId: "lin-a", reason: "<b>travel</b>" },
    ]);
    const rows = await parentExcuses(db, parent, TENANT, TODAY);
    expect(Object.fromEntries(rows.map((r) => [r.lineageId, r.seen]))).toEqual({ "lin-a": true, "lin-b": false });
    await adminExcuses(db, school, TODAY, "usr-admin");
    expect((await parentExcuses(db, parent, TENANT, TODAY)).every((r) => r.seen)).toBe(true);
  });

  it(`refuses a parent's request beyond ${EXCUSES_PER_DAY} a day, even asked at once`, async () => {
    await db.delete(excuseRequests);
    const parent = parentOf(0, ["lin-a"]);
    const ask = (today: string) =>
      createExcuse(db, parent, TENANT, { lineageId: "lin-a", childName: "Kid", day: "2026-12-01", reason: "r", today });
    const outcomes = await Promise.all(Array.from({ length: EXCUSES_PER_DAY + 3 }, () => ask(TODAY)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(EXCUSES_PER_DAY);
    expect(outcomes.filter((o) => !o.ok && o.code === "too_many")).toHaveLength(3);
    expect((await ask("2026-11-27")).ok).toBe(true);
  });
});
