import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { userLinks, users, type Locale, type Role } from "@/lib/db/schema";

/* The users of one school as the admin pages list and edit them (the signed-in person: lib/auth/actor.ts). */

export type LinkKind = "sheikh" | "student_lineage";
export type UserLink = { kind: LinkKind; refId: string; label: string };

/** A dashboard user as admin pages show them: never the password hash. */
export type ManagedUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  locale: Locale;
  disabled: boolean;
  createdAt: Date;
  links: UserLink[];
};

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  locale: users.locale,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

type Row = {
  id: string;
  email: string;
  name: string;
  role: Role;
  locale: Locale;
  disabledAt: Date | null;
  createdAt: Date;
};

function shape(row: Row, links: UserLink[]): ManagedUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    locale: row.locale,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt,
    links,
  };
}

/** Every user of one school connection, with their links; two queries whatever the count. */
export async function listUsersOf(connectionId: string): Promise<ManagedUser[]> {
  const db = await dashboardDb();
  const rows = await db
    .select(columns)
    .from(users)
    .where(eq(users.connectionId, connectionId))
    .orderBy(asc(users.name), asc(users.email));
  if (rows.length === 0) return [];
  const links = await db
    .select({ userId: userLinks.userId, kind: userLinks.kind, refId: userLinks.refId, label: userLinks.label })
    .from(userLinks)
    .where(
      inArray(
        userLinks.userId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) =>
    shape(
      row,
      links.filter((l) => l.userId === row.id).map(({ kind, refId, label }) => ({ kind, refId, label })),
    ),
  );
}

/**
 * One user, only when they belong to the given connection: a user of another school is
 * indistinguishable from one that does not exist.
 */
export async function findUserOf(connectionId: string, userId: string): Promise<ManagedUser | null> {
  const db = await dashboardDb();
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.connectionId, connectionId)))
    .limit(1);
  if (!row) return null;
  const links = await db
    .select({ kind: userLinks.kind, refId: userLinks.refId, label: userLinks.label })
    .from(userLinks)
    .where(eq(userLinks.userId, row.id));
  return shape(
    row,
    links.sort((a, b) => a.label.localeCompare(b.label)),
  );
}

/** Id → display name of a connection's users (for the audit log). */
export async function userNamesOf(connectionId: string): Promise<Map<string, string>> {
  const db = await dashboardDb();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.connectionId, connectionId));
  return new Map(rows.map((r) => [r.id, r.name]));
}
