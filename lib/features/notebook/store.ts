import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Recitation } from "@/lib/contract";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import { recitationMistakes } from "@/lib/db/schema";
import type { MistakeTap } from "./mistakes";

export type NotebookScope = { connectionId: string; tenantId: string };

/**
 * Keeps the taps of a recitation the school has just accepted, keyed by the id it answered (never an
 * id the browser sent). A replayed save writes the same rows again: each tap keeps its place.
 */
export async function saveMistakes(
  scope: NotebookScope,
  recitation: Recitation,
  taps: readonly MistakeTap[],
  userId: string,
  store?: DashboardDb,
): Promise<void> {
  if (taps.length === 0) return;
  const db = store ?? (await dashboardDb());
  const recordedAt = new Date(recitation.recorded_at);
  await db
    .insert(recitationMistakes)
    .values(
      taps.map((tap, seq) => ({
        connectionId: scope.connectionId,
        tenantId: scope.tenantId,
        recitationId: recitation.id,
        seq,
        sessionId: recitation.session_id,
        studentId: recitation.student_id,
        type: tap.type,
        surah: tap.at?.surah ?? null,
        ayah: tap.at?.ayah ?? null,
        recordedAt,
        recordedBy: userId,
      })),
    )
    .onConflictDoNothing();
}

export type StoredMistake = {
  recitationId: string;
  studentId: string;
  type: string;
  at: { surah: number; ayah: number } | null;
  recordedAt: Date;
};

/** The mistakes kept for these students of this school, newest first (staff views only). */
export async function mistakesOfStudents(
  scope: NotebookScope,
  studentIds: readonly string[],
  store?: DashboardDb,
): Promise<StoredMistake[]> {
  if (studentIds.length === 0) return [];
  const db = store ?? (await dashboardDb());
  const rows = await db
    .select()
    .from(recitationMistakes)
    .where(
      and(
        eq(recitationMistakes.connectionId, scope.connectionId),
        eq(recitationMistakes.tenantId, scope.tenantId),
        inArray(recitationMistakes.studentId, [...studentIds]),
      ),
    )
    .orderBy(desc(recitationMistakes.recordedAt), recitationMistakes.seq);
  return rows.map((row) => ({
    recitationId: row.recitationId,
    studentId: row.studentId,
    type: row.type,
    at: row.surah !== null && row.ayah !== null ? { surah: row.surah, ayah: row.ayah } : null,
    recordedAt: row.recordedAt,
  }));
}
