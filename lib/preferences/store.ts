import "server-only";
import { eq } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { users, type Locale } from "@/lib/db/schema";

/** The signed-in person's language, kept with their account so it follows them to every device. */
export async function saveUserLocale(userId: string, locale: Locale): Promise<void> {
  const db = await dashboardDb();
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
