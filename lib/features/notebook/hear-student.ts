import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Student } from "@/lib/contract";
import { progressSessions } from "@/lib/db/schema";
import { dashboardDb } from "@/lib/db";
import { hearTodayOf } from "./hear-sources";
import type { HearRange, HearToday } from "./hear-today";
import type { NotebookSettings } from "./settings";
import type { RecitationKind } from "@/lib/features/live/types";

/**
 * The student page's "what to hear today": the suggestions, and today's open session of the student's
 * halqa when the dashboard knows one (the progress read model, which sessions started here reach at
 * once), so each suggestion opens that session's register on the student's recitation dialog. No v1 call.
 */
export async function loadStudentHear(
  scope: { connectionId: string; tenantId: string },
  student: Pick<Student, "id" | "lineage_id" | "halqa_id">,
  context: { today: string; timeZone: string; settings: NotebookSettings },
): Promise<{ hear: HearToday; sessionId: string | null }> {
  const db = await dashboardDb();
  const [map, [open]] = await Promise.all([
    hearTodayOf(scope, [student], context, db),
    db
      .select({ id: progressSessions.id })
      .from(progressSessions)
      .where(
        and(
          eq(progressSessions.connectionId, scope.connectionId),
          eq(progressSessions.tenantId, scope.tenantId),
          eq(progressSessions.halqaId, student.halqa_id),
          eq(progressSessions.date, context.today),
          eq(progressSessions.status, "open"),
        ),
      )
      .orderBy(desc(progressSessions.updatedAt))
      .limit(1),
  ]);
  return { hear: map.get(student.id)!, sessionId: open?.id ?? null };
}

const point = (p: { surah: number; ayah: number }) => `${p.surah}:${p.ayah}`;

/** The register of a session, opened on a student's recitation dialog with this kind and range (read back by `openWithOf`). */
export function hearHref(sessionId: string, studentId: string, kind: RecitationKind, range: HearRange): string {
  const query = new URLSearchParams({ student: studentId, kind, from: point(range.start), to: point(range.end) });
  return `/sessions/${encodeURIComponent(sessionId)}/live?${query.toString()}`;
}
