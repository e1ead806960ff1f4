import "server-only";
import { clientFor, loadConnections } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { connections, users } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { PASSWORD_MIN } from "@/lib/auth/password-rules";
import type { Locale } from "@/lib/i18n/locales";
import { hashPassword } from "./password";

/**
 * A real school's first administrator (later users are created on the Users page). Confirms the
 * connection's school with GET /school, records the connection (label and tenant, never the key),
 * and adds the admin. Refuses an email already in use; changes nothing then.
 */
export async function createFirstAdmin(input: {
  connectionId: string;
  email: string;
  name: string;
  password: string;
  locale?: Locale;
}): Promise<{ userId: string; school: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`'${input.email}' is not an email address`);
  if (!input.name.trim()) throw new Error("a name is required");
  if (input.password.length < PASSWORD_MIN) throw new Error(`the password needs at least ${PASSWORD_MIN} characters`);
  const connection = loadConnections().find((c) => c.id === input.connectionId);
  if (!connection)
    throw new Error(
      `no school connection '${input.connectionId}'; configured: ${loadConnections()
        .map((c) => c.id)
        .join(", ")}`,
    );
  const school = await clientFor(connection.id).tenant();
  const db = await dashboardDb();
  const userId = newId("usr");
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(connections)
      .values({ id: connection.id, label: school.name, tenantId: school.id, checkedAt: new Date() })
      .onConflictDoUpdate({ target: connections.id, set: { label: school.name, checkedAt: new Date() } });
    const inserted = await tx
      .insert(users)
      .values({
        id: userId,
        connectionId: connection.id,
        email,
        name: input.name.trim(),
        role: "admin",
        locale: input.locale ?? "en",
        localeSetAt: input.locale ? new Date() : null,
        passwordHash,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length === 0) throw new Error(`a user with the email ${email} already exists`);
  });
  return { userId, school: school.name };
}
