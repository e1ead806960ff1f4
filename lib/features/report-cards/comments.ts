import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { reportCardComments } from "@/lib/db/schema-report-cards";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";

/** The longest comment a teacher may write for a family (about half an A4 page in the card's type). */
export const COMMENT_MAX = 1500;

/**
 * The teachers' comments for families (`report_card_comments`, the dashboard's own data), per
 * connection, semester and student record. An empty comment is no comment: it removes the row.
 */
export async function commentsOf(
  connectionId: string,
  semesterId: string,
  studentIds: readonly string[],
  db?: DashboardDb,
): Promise<Map<string, string>> {
  if (studentIds.length === 0) return new Map();
  const store = db ?? (await dashboardDb());
  const rows = await store
    .select({ studentId: reportCardComments.studentId, body: reportCardComments.body })
    .from(reportCardComments)
    .where(
      and(
        eq(reportCardComments.connectionId, connectionId),
        eq(reportCardComments.semesterId, semesterId),
        inArray(reportCardComments.studentId, [...studentIds]),
      ),
    );
  return new Map(rows.map((row) => [row.studentId, row.body]));
}

export async function saveComment(
  connectionId: string,
  student: { id: string; semesterId: string },
  body: string,
  userId: string,
  db?: DashboardDb,
): Promise<void> {
  const store = db ?? (await dashboardDb());
  const text = body.trim();
  const key = and(
    eq(reportCardComments.connectionId, connectionId),
    eq(reportCardComments.semesterId, student.semesterId),
    eq(reportCardComments.studentId, student.id),
  );
  if (!text) {
    await store.delete(reportCardComments).where(key);
    return;
  }
  const values = { body: text, updatedBy: userId, updatedAt: new Date() };
  await store
    .insert(reportCardComments)
    .values({ connectionId, semesterId: student.semesterId, studentId: student.id, ...values })
    .onConflictDoUpdate({
      target: [reportCardComments.connectionId, reportCardComments.semesterId, reportCardComments.studentId],
      set: values,
    });
}
