import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { users, type Locale } from "@/lib/db/schema";

/** The signed-in person's language, kept with their account so it follows them to every device. */
export async function saveUserLocale(userId: string, locale: Locale): Promise<void> {
  const db = await dashboardDb();
  const now = new Date();
  await db.update(users).set({ locale, localeSetAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * At a person's first sign-in (their language never settled): the language they asked for, one of
 * ours, becomes theirs; asking for none keeps the one they were created with (the school's default,
 * pre-selected by the admin). Either way it is settled: a later browser does not change it.
 */
export async function settleFirstLocale(userId: string, asked: Locale | null): Promise<void> {
  const db = await dashboardDb();
  const now = new Date();
  await db
    .update(users)
    .set({ ...(asked ? { locale: asked } : {}), localeSetAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.localeSetAt)));
}
