import "server-only";
import { eq, sql } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { userLinks, users, type Locale, type Role } from "@/lib/db/schema";

/*
 * The person who signs in: their account (by email, for sign-in), the `Actor` every check reads, and
 * their session version. The users an admin manages are lib/features/admin/managed-users.ts.
 */

/** The signed-in person as every check sees them: role, school and links, read fresh per request. */
export type Actor = {
  id: string;
  email: string;
  name: string;
  role: Role;
  connectionId: string;
  locale: Locale;
  /** Sheikh ids a teacher is linked to (ids from the school's API). */
  sheikhIds: string[];
  /** Student lineage ids a parent is linked to (student records are per semester). */
  studentLineageIds: string[];
};

type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const db = await dashboardDb();
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/**
 * The actor for a user id, or null when the user is gone or disabled, or when the session was made
 * before their sessions were ended (`sessionVersion` given and no longer current): access ends on
 * the next request.
 */
export async function loadActor(userId: string, sessionVersion?: number): Promise<Actor | null> {
  const db = await dashboardDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.disabledAt) return null;
  if (sessionVersion !== undefined && sessionVersion !== user.sessionVersion) return null;
  const links = await db.select().from(userLinks).where(eq(userLinks.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    connectionId: user.connectionId,
    locale: user.locale,
    sheikhIds: links.filter((l) => l.kind === "sheikh").map((l) => l.refId),
    studentLineageIds: links.filter((l) => l.kind === "student_lineage").map((l) => l.refId),
  };
}

export async function sessionVersionOf(userId: string): Promise<number | null> {
  const db = await dashboardDb();
  const [row] = await db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.sessionVersion ?? null;
}

type Writer = Pick<Awaited<ReturnType<typeof dashboardDb>>, "update">;

/** Ends every session of this person on every instance: tokens carry the version they were made with. */
export async function endSessions(userId: string, db?: Writer): Promise<void> {
  const writer = db ?? (await dashboardDb());
  await writer
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}
