import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { userLinks } from "@/lib/db/schema";

/**
 * The names a parent's links were made with (the dashboard's store). A placeholder until the
 * family view reads each child from the school's API; the names are the person's own links only.
 */
export async function linkedChildNames(userId: string): Promise<string[]> {
  const db = await dashboardDb();
  const rows = await db
    .select({ label: userLinks.label })
    .from(userLinks)
    .where(and(eq(userLinks.userId, userId), eq(userLinks.kind, "student_lineage")))
    .orderBy(asc(userLinks.label));
  return rows.map((row) => row.label);
}
