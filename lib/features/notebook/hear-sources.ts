import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Recitation } from "@/lib/contract";
import { progressRecitations, progressStudents } from "@/lib/db/schema";
import { currentSegments } from "@/lib/features/live/server/prefill-source";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { plansOfStudents } from "@/lib/features/plans/mirror/reads";
import { hearToday, type HearSettings, type HearToday } from "./hear-today";

/**
 * A student's recitations as one JSON array (text): a halqa's year is thousands of records, and the
 * embedded store (PGlite) spends more on a row than on its bytes (docs/progress.md, "What to hear today").
 */
const recitationsOfStudent = sql<string>`json_agg(${progressRecitations.data})::text`;

export type HearScope = { connectionId: string; tenantId: string };

/**
 * What to hear today for several students at once, from the dashboard's store only: their recitations
 * (every record of the same lineage, from the progress read model, which the dashboard's own writes
 * reach at once) and their current plan segments (the synced plan store). No v1 call.
 */
export async function hearTodayOf(
  scope: HearScope,
  students: readonly { id: string; lineage_id: string }[],
  context: { today: string; timeZone: string; settings: HearSettings },
  store?: DashboardDb,
): Promise<Map<string, HearToday>> {
  const result = new Map<string, HearToday>();
  if (students.length === 0) return result;
  const db = store ?? (await dashboardDb());
  const lineages = [...new Set(students.map((s) => s.lineage_id))];
  const records = await db
    .select({ id: progressStudents.id, lineageId: progressStudents.lineageId })
    .from(progressStudents)
    .where(
      and(
        eq(progressStudents.connectionId, scope.connectionId),
        eq(progressStudents.tenantId, scope.tenantId),
        inArray(progressStudents.lineageId, lineages),
      ),
    );
  const lineageOf = new Map(records.map((r) => [r.id, r.lineageId]));
  for (const s of students) lineageOf.set(s.id, s.lineage_id);
  const [rows, plans] = await Promise.all([
    db
      .select({ studentId: progressRecitations.studentId, recitations: recitationsOfStudent })
      .from(progressRecitations)
      .where(
        and(
          eq(progressRecitations.connectionId, scope.connectionId),
          eq(progressRecitations.tenantId, scope.tenantId),
          inArray(progressRecitations.studentId, [...lineageOf.keys()]),
        ),
      )
      .groupBy(progressRecitations.studentId),
    plansOfStudents(
      db,
      scope,
      students.map((s) => s.id),
    ).catch(() => []),
  ]);
  const byLineage = new Map<string, Recitation[]>();
  for (const row of rows) {
    const lineage = lineageOf.get(row.studentId);
    if (lineage)
      (byLineage.get(lineage) ?? byLineage.set(lineage, []).get(lineage)!).push(
        ...(JSON.parse(row.recitations) as Recitation[]),
      );
  }
  for (const student of students) {
    const segment =
      currentSegments(plans.filter(({ plan }) => plan.student_id === student.id)).new_memorization ?? null;
    result.set(
      student.id,
      hearToday(byLineage.get(student.lineage_id) ?? [], segment, context.today, context.timeZone, context.settings),
    );
  }
  return result;
}
