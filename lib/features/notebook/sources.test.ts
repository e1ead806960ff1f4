/**
 * The notebook's reads over the dashboard store (in memory): a student's records of every semester
 * count, another school's records and mistakes never do (invariant 2).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Recitation } from "@/lib/contract";
import { SCHOOL, session, student } from "@/tests/support/features/notices/fixture";
import { upsertProgress } from "@/lib/features/progress/store-writes";

process.env.DASHBOARD_DATA_DIR = "memory://";
const { dashboardDb } = await import("@/lib/db");
const { hearTodayOf } = await import("./hear-sources");
const { saveMistakes } = await import("./store");
const { studentWeakPassages } = await import("./weak-sources");

const OTHER = "tenant-2";
const at = (day: string) => `2026-${day}T08:00:00.000Z`;
const rec = (
  id: string,
  studentId: string,
  kind: Recitation["kind"],
  from: [number, number],
  to: [number, number],
  day: string,
): Recitation => ({
  id,
  session_id: "se",
  student_id: studentId,
  kind,
  range: { start: { surah: from[0], ayah: from[1] }, end: { surah: to[0], ayah: to[1] } },
  rating: 3,
  mistakes: 1,
  note: null,
  recorded_at: at(day),
  created_at: at(day),
  updated_at: at(day),
});

beforeAll(async () => {
  const db = await dashboardDb();
  const older = { ...student("s1-old", "Yusuf", "lin-s1"), semester_id: "sem0" };
  await upsertProgress(
    db,
    { connectionId: "alnoor", tenantId: SCHOOL.id },
    {
      students: [student("s1", "Yusuf", "lin-s1"), older],
      sessions: [session("se", new Date(at("01-05")), true)],
      recitations: [
        rec("r-old", "s1-old", "new_memorization", [2, 1], [2, 5], "01-05"),
        rec("r-new", "s1", "new_memorization", [114, 1], [114, 6], "03-30"),
      ],
    },
  );
  // Another school behind another connection's tenant: same ids, never mixed in.
  await upsertProgress(
    db,
    { connectionId: "alnoor", tenantId: OTHER },
    { recitations: [rec("r-x", "s1", "new_memorization", [50, 1], [50, 10], "01-01")] },
  );
}, 120_000);

describe("the notebook's sources", () => {
  it("what to hear today reads every record of the student's lineage, of this school only", async () => {
    const hear = (
      await hearTodayOf({ connectionId: "alnoor", tenantId: SCHOOL.id }, [{ id: "s1", lineage_id: "lin-s1" }], {
        today: "2026-03-31",
        timeZone: "Asia/Riyadh",
        settings: { recentPages: 2, cycleDays: 30 },
      })
    ).get("s1")!;
    expect(hear.newLesson).toBeNull(); // An-Nas is the end of the mushaf
    expect(hear.old).toMatchObject({
      range: { start: { surah: 2, ayah: 1 }, end: { surah: 2, ayah: 5 } },
      lastRevised: null,
    });
  });

  it("weak passages count this school's placed mistakes only", async () => {
    const scope = { connectionId: "alnoor", tenantId: SCHOOL.id };
    for (const id of ["a", "b"])
      await saveMistakes(
        scope,
        rec(id, "s1", "recent_revision", [114, 1], [114, 6], "03-2" + (id === "a" ? "0" : "1")),
        [{ type: "tajweed", at: { surah: 114, ayah: 3 } }],
        "usr",
      );
    await saveMistakes(
      { connectionId: "alnoor", tenantId: OTHER },
      rec("c", "s1", "recent_revision", [114, 1], [114, 6], "03-22"),
      [{ type: "stop", at: { surah: 114, ayah: 3 } }],
      "usr",
    );
    const weak = await studentWeakPassages(
      scope,
      { id: "s1", lineage_id: "lin-s1" },
      { today: "2026-03-31", timeZone: "Asia/Riyadh" },
    );
    expect(weak.map((w) => [w.at, w.mistakes, w.recitations, w.byType])).toEqual([
      [{ surah: 114, ayah: 3 }, 2, 2, { tajweed: 2 }],
    ]);
  });
});
