import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Assignment, LearningPlan, Recitation, Student } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import { storePlans } from "@/lib/features/plans/mirror/writes";
import { upsertProgress } from "@/lib/features/progress/store-writes";
import { planHeard } from "./plan-heard";
import { planHeardByHalqa, planHeardOf } from "./plan-heard-source";

/**
 * The database's plan against register (plan-heard-query.ts) against the rule as it was computed per
 * student before (planHeard over every assignment and recitation of the students), on generated
 * schools: students in another halqa or in none, students who left, and other schools' records in
 * the same store (another tenant of the connection, another connection of the tenant).
 */

const TODAY = "2026-11-25";
const HALQAS = ["hlq_a", "hlq_b", "hlq_c"];
const SEMESTER_HALQAS = HALQAS.slice(0, 2);
const KINDS = ["new_memorization", "recent_revision", "old_revision"] as const;
const at = (minutes: number) => new Date(Date.parse("2026-11-20T08:00:00.000Z") + minutes * 60_000).toISOString();

// Points near a surah's end and the next one's start (77:50 is its last ayah), so ranges cross surahs
// and overlap often; times on an hourly grid, so a recitation is often recorded as the assignment is published.
const point = fc.oneof(
  fc.record({ surah: fc.constant(77), ayah: fc.integer({ min: 46, max: 50 }) }),
  fc.record({ surah: fc.constant(78), ayah: fc.integer({ min: 1, max: 5 }) }),
);
const range = fc.tuple(point, point).map(([a, b]) => {
  const ordered = a.surah * 1000 + a.ayah <= b.surah * 1000 + b.ayah;
  return { start: ordered ? a : b, end: ordered ? b : a };
});

const assignmentShape = fc.record({
  status: fc.constantFrom("published", "published", "in_progress", "completed", "draft", "replaced"),
  published: fc.option(
    fc.integer({ min: -2, max: 2 }).map((h) => h * 60),
    { nil: null },
  ),
  superseded: fc.constantFrom(false, false, false, true),
  replaced: fc.constantFrom(false, false, false, true),
  due: fc.integer({ min: -8, max: 8 }),
  plan: fc.integer({ min: 0, max: 1 }),
  segments: fc.array(fc.record({ track_type: fc.constantFrom(...KINDS), range }), { maxLength: 3 }),
});
const recitationShape = fc.record({
  kind: fc.constantFrom(...KINDS),
  range,
  recorded: fc.integer({ min: -2, max: 4 }).map((h) => h * 60),
});
const studentShape = fc.record({
  halqa: fc.option(fc.constantFrom(...HALQAS), { nil: null }),
  status: fc.constantFrom("active", "active", "withdrawn", "on_leave", "graduated"),
  assignments: fc.array(assignmentShape, { maxLength: 4 }),
  recitations: fc.array(recitationShape, { maxLength: 8 }),
});
const schoolShape = fc.array(studentShape, { minLength: 1, maxLength: 6 });
type School = typeof schoolShape extends fc.Arbitrary<infer T> ? T : never;

/** The school's records with ids made with `tag` (records of one connection need their own ids). */
function recordsOf(school: School, tag: string) {
  const students = school.map((s, n) => ({ ...s, id: `stu_${n}` }));
  const plans: LearningPlan[] = [];
  const histories: Assignment[][] = [];
  for (const s of students)
    for (const planNo of [0, 1]) {
      const planId = `pln_${tag}_${s.id}_${planNo}`;
      plans.push({
        id: planId,
        student_id: s.id,
        status: "active",
        created_at: at(0),
        updated_at: at(0),
      } as LearningPlan);
      histories.push(
        s.assignments
          .filter((a) => a.plan === planNo)
          .map(
            (a, i) =>
              ({
                id: `asg_${tag}_${s.id}_${planNo}_${i}`,
                plan_id: planId,
                student_id: s.id,
                due_date: addDays(TODAY, a.due),
                status: a.status,
                published_at: a.published === null ? null : at(a.published),
                superseded_at: a.superseded ? at(1) : null,
                replaced_by_assignment_id: a.replaced ? `asg_${tag}_other` : null,
                segments: a.segments.map((segment, order) => ({ order: order + 1, ...segment })),
                created_at: at(0),
                updated_at: at(0),
              }) as unknown as Assignment,
          ),
      );
    }
  const recitations = students.flatMap((s) =>
    s.recitations.map(
      (r, i) =>
        ({
          id: `rec_${tag}_${s.id}_${i}`,
          session_id: `ses_${tag}`,
          student_id: s.id,
          kind: r.kind,
          range: r.range,
          recorded_at: at(r.recorded),
          updated_at: at(r.recorded),
        }) as unknown as Recitation,
    ),
  );
  const rows = students
    .filter((s) => s.halqa !== null)
    .map(
      (s) =>
        ({
          id: s.id,
          halqa_id: s.halqa,
          lineage_id: `lin_${s.id}`,
          status: s.status,
          full_name: s.id,
          updated_at: at(0),
        }) as unknown as Student,
    );
  return { students, plans, histories, recitations, rows };
}

async function store(scope: { connectionId: string; tenantId: string }, school: School, tag: string) {
  const records = recordsOf(school, tag);
  const db = await dashboardDb();
  await db.transaction(async (tx) => {
    await storePlans(tx, { ...scope, syncedAt: new Date() }, records.plans, records.histories);
    await upsertProgress(tx, scope, { recitations: records.recitations, students: records.rows });
  });
  return records;
}

// The unit tests' store may outlive a run: each run of this file has connections of its own.
const RUN = randomUUID().slice(0, 8);
let run = 0;

describe("plan against register in the database", { timeout: 600_000 }, () => {
  it("judges each assignment and counts each halqa as the per-student rule did", async () => {
    await fc.assert(
      fc.asyncProperty(schoolShape, schoolShape, schoolShape, async (school, otherTenant, otherConnection) => {
        run++;
        const scope = { connectionId: `phq-${RUN}-${run}`, tenantId: "sch_1" };
        const { students, histories, recitations, rows } = await store(scope, school, "a");
        // Another school's records in the same store: the same student ids, the tenant's other records.
        await store({ connectionId: scope.connectionId, tenantId: "sch_2" }, otherTenant.map(withoutHalqa), "b");
        await store({ connectionId: `phq-${RUN}-${run}-other`, tenantId: "sch_1" }, otherConnection, "a");

        const ids = students.map((s) => s.id);
        const ordered = histories.flat();
        expect(await planHeardOf(scope, ids, TODAY)).toEqual(planHeard(ordered, recitations, TODAY));
        expect(await planHeardOf(scope, ids.slice(1), TODAY)).toEqual(
          planHeard(
            ordered.filter((a) => a.student_id !== ids[0]),
            recitations,
            TODAY,
          ),
        );

        // The overview's figure as load.ts counted it: the semester halqas' active students, judged one by one.
        const halqaOf = new Map(
          rows
            .filter((s) => s.status === "active" && SEMESTER_HALQAS.includes(s.halqa_id))
            .map((s) => [s.id, s.halqa_id]),
        );
        const expected = new Map<string, { due: number; heard: number; partly: number }>();
        for (const item of planHeard(
          ordered.filter((a) => halqaOf.has(a.student_id)),
          recitations,
          TODAY,
        )) {
          const halqaId = halqaOf.get(item.studentId)!;
          const count = expected.get(halqaId) ?? expected.set(halqaId, { due: 0, heard: 0, partly: 0 }).get(halqaId)!;
          count.due++;
          if (item.state === "heard") count.heard++;
          if (item.state === "partly") count.partly++;
        }
        expect(await planHeardByHalqa(scope, SEMESTER_HALQAS, TODAY)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

/** Another tenant of the same connection cannot hold the same student rows (the key is the connection's id). */
const withoutHalqa = (student: School[number]): School[number] => ({ ...student, halqa: null });
