import "server-only";
import { cache } from "react";
import { and, eq, inArray } from "drizzle-orm";
import { progressStudents } from "@/lib/db/schema";
import { dashboardDb } from "@/lib/db";
import { schoolDayOf } from "@/lib/features/progress/quran-map";
import { mistakesOfStudents, type NotebookScope } from "./store";
import { weakAyahs, type PlacedMistake, type WeakAyah } from "./weak-passages";

/** The student records of these lineages (a student's earlier semesters) or of this halqa, from the progress read model. */
async function recordIds(
  scope: NotebookScope,
  where: { lineageIds: string[] } | { halqaId: string },
): Promise<string[]> {
  const db = await dashboardDb();
  const tenant = and(
    eq(progressStudents.connectionId, scope.connectionId),
    eq(progressStudents.tenantId, scope.tenantId),
  );
  const match =
    "halqaId" in where
      ? eq(progressStudents.halqaId, where.halqaId)
      : inArray(progressStudents.lineageId, where.lineageIds);
  return (await db.select({ id: progressStudents.id }).from(progressStudents).where(and(tenant, match))).map(
    (row) => row.id,
  );
}

async function placed(scope: NotebookScope, ids: string[], timeZone: string): Promise<PlacedMistake[]> {
  const rows = await mistakesOfStudents(scope, ids);
  return rows.flatMap((row) =>
    row.at
      ? [
          {
            recitationId: row.recitationId,
            studentId: row.studentId,
            type: row.type,
            at: row.at,
            day: schoolDayOf(row.recordedAt.toISOString(), timeZone),
          },
        ]
      : [],
  );
}

// Once per request: the student page shows them on the Quran map and in the notebook.
const studentWeakOnce = cache(
  async (
    connectionId: string,
    tenantId: string,
    studentId: string,
    lineageId: string,
    today: string,
    timeZone: string,
  ): Promise<WeakAyah[]> => {
    const scope = { connectionId, tenantId };
    const ids = [...new Set([studentId, ...(await recordIds(scope, { lineageIds: [lineageId] }))])];
    return weakAyahs(await placed(scope, ids, timeZone), today);
  },
);

/** A student's weak passages (staff only), across the records of their lineage. */
export function studentWeakPassages(
  scope: NotebookScope,
  student: { id: string; lineage_id: string },
  context: { today: string; timeZone: string },
): Promise<WeakAyah[]> {
  return studentWeakOnce(
    scope.connectionId,
    scope.tenantId,
    student.id,
    student.lineage_id,
    context.today,
    context.timeZone,
  );
}

/** The passages most students of a halqa stumble on (staff only): placed mistakes of two students or more. */
export async function halqaWeakPassages(
  scope: NotebookScope,
  halqaId: string,
  context: { today: string; timeZone: string },
): Promise<WeakAyah[]> {
  const ids = await recordIds(scope, { halqaId });
  return weakAyahs(await placed(scope, ids, context.timeZone), context.today, { minRecitations: 1, minStudents: 2 });
}
