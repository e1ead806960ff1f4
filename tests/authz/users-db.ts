/** Dashboard users made straight in the store, as targets for the user actions. */
import { eq } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { userLinks, users, type Role } from "@/lib/db/schema";
import { newId } from "@/lib/ids";

type Link = { kind: "sheikh" | "student_lineage"; refId: string; label: string };

export async function makeUser(connectionId: string, role: Role, link?: Link): Promise<string> {
  const db = await dashboardDb();
  const id = newId("usr");
  // Never signs in: a placeholder hash keeps these rows cheap to make.
  await db.insert(users).values({
    id,
    connectionId,
    email: `${id.toLowerCase()}@example.org`,
    name: `Target ${role}`,
    role,
    passwordHash: "none",
  });
  if (link) await db.insert(userLinks).values({ userId: id, ...link });
  return id;
}

/** What an action could change about a user: role, enabled state, links. */
export async function userState(userId: string) {
  const db = await dashboardDb();
  const [row] = await db
    .select({ email: users.email, role: users.role, disabledAt: users.disabledAt, connectionId: users.connectionId })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  const links = await db
    .select({ kind: userLinks.kind, refId: userLinks.refId })
    .from(userLinks)
    .where(eq(userLinks.userId, userId));
  return { ...row, links: links.sort((a, b) => `${a.kind}${a.refId}`.localeCompare(`${b.kind}${b.refId}`)) };
}
