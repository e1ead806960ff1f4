import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Recitation, Student } from "@/lib/contract";
import { dashboardDb } from "@/lib/db";
import { newMemorisationBefore } from "./read-model";
import { upsertProgress } from "./store-writes";

/** What a period's "newly memorised" subtracts (issue 58.15): new memorisation before it, across a lineage's records. */
const scope = { connectionId: `con_${randomUUID().slice(0, 8)}`, tenantId: "ten_a" };
const record = (id: string, lineage: string) =>
  ({
    id,
    lineage_id: lineage,
    halqa_id: "hlq",
    full_name: id,
    status: "active",
    updated_at: "2026-09-01T00:00:00Z",
  }) as unknown as Student;
const recited = (id: string, student: string, kind: Recitation["kind"], at: string) =>
  ({
    id,
    session_id: "ses",
    student_id: student,
    kind,
    range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 10 } },
    rating: 3,
    recorded_at: at,
    updated_at: at,
  }) as unknown as Recitation;

describe("newMemorisationBefore", () => {
  it("reads each student's new memorisation before the instant, from every record of their lineage", async () => {
    const db = await dashboardDb();
    await db.transaction((tx) =>
      upsertProgress(tx, scope, {
        students: [record("stu_old", "lin_a"), record("stu_now", "lin_a"), record("stu_b", "lin_b")],
        recitations: [
          recited("r_last_term", "stu_old", "new_memorization", "2026-06-01T06:00:00Z"),
          recited("r_revised", "stu_old", "old_revision", "2026-06-02T06:00:00Z"),
          recited("r_before", "stu_now", "new_memorization", "2026-10-31T06:00:00Z"),
          recited("r_within", "stu_now", "new_memorization", "2026-11-02T06:00:00Z"),
        ],
      }),
    );
    // The same lineage in another school on the connection: not this school's.
    await db.transaction((tx) =>
      upsertProgress(
        tx,
        { ...scope, tenantId: "ten_b" },
        {
          students: [record("stu_elsewhere", "lin_a")],
          recitations: [recited("r_elsewhere", "stu_elsewhere", "new_memorization", "2026-05-01T06:00:00Z")],
        },
      ),
    );
    const before = await newMemorisationBefore(scope, ["stu_now", "stu_b", "stu_unknown"], "2026-11-01T00:00:00Z", db);
    expect([...before.keys()].sort()).toEqual(["stu_b", "stu_now"]);
    expect(
      before
        .get("stu_now")!
        .map((r) => r.id)
        .sort(),
    ).toEqual(["r_before", "r_last_term"]);
    expect(before.get("stu_b")).toEqual([]);
  });
});
