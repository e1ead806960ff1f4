import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { signInAttempts, userLinks, users, type Locale, type Role } from "@/lib/db/schema";

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

/** The actor for a user id, or null when the user is gone or disabled: access ends on the next request. */
export async function loadActor(userId: string): Promise<Actor | null> {
  const db = await dashboardDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.disabledAt) return null;
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

const WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 30 } as const;

/**
 * Counts a failed sign-in in fixed windows per email and per address (in the store, so every
 * instance agrees). Returns whether the caller is currently locked out.
 */
export async function signInLocked(email: string, address: string | null, now = new Date()): Promise<boolean> {
  const db = await dashboardDb();
  const buckets = [`email:${email.toLowerCase()}`, ...(address ? [`addr:${address}`] : [])];
  const rows = await db.select().from(signInAttempts).where(sql`${signInAttempts.bucket} in ${buckets}`);
  return rows.some((row) => {
    if (now.getTime() - row.windowStart.getTime() > WINDOW_MS) return false;
    const limit = row.bucket.startsWith("email:") ? SIGN_IN_LIMITS.perEmail : SIGN_IN_LIMITS.perAddress;
    return row.count >= limit;
  });
}

export async function recordFailedSignIn(email: string, address: string | null, now = new Date()): Promise<void> {
  const db = await dashboardDb();
  for (const bucket of [`email:${email.toLowerCase()}`, ...(address ? [`addr:${address}`] : [])]) {
    const windowFloor = new Date(now.getTime() - WINDOW_MS);
    await db
      .insert(signInAttempts)
      .values({ bucket, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: signInAttempts.bucket,
        set: {
          count: sql`case when ${signInAttempts.windowStart} < ${windowFloor} then 1 else ${signInAttempts.count} + 1 end`,
          windowStart: sql`case when ${signInAttempts.windowStart} < ${windowFloor} then ${now} else ${signInAttempts.windowStart} end`,
        },
      });
  }
}

export async function clearFailedSignIns(email: string): Promise<void> {
  const db = await dashboardDb();
  await db.delete(signInAttempts).where(and(eq(signInAttempts.bucket, `email:${email.toLowerCase()}`)));
}
