import "server-only";
import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DashboardDb } from "@/lib/db/client";
import { excuseRequests, users } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { EXCUSES_PER_DAY } from "./limits";

/**
 * The excuse requests in the dashboard's store. Every read of a parent goes through `parentExcuses`,
 * which keeps the parent's own requests for the children linked to them now; every write through
 * `createExcuse`, which refuses a child not linked to them before anything is stored.
 */
export type ExcuseParent = Pick<Actor, "id" | "connectionId" | "role" | "studentLineageIds">;
export type School = { connectionId: string; tenantId: string };

/** Separates these advisory locks from every other lock of the store. */
const LOCK_SEED = 24_06;

/** The parent filter: a parent only ever reaches a child linked to them now. */
export function isOwnChild(parent: ExcuseParent, lineageId: string): boolean {
  return parent.role === "parent" && parent.studentLineageIds.includes(lineageId);
}

type NewExcuse = { lineageId: string; childName: string; day: string; reason: string; today: string };
export type CreateOutcome = { ok: true; id: string } | { ok: false; code: "not_their_child" | "too_many" };

export async function createExcuse(
  db: DashboardDb,
  parent: ExcuseParent,
  tenantId: string,
  input: NewExcuse,
): Promise<CreateOutcome> {
  if (!isOwnChild(parent, input.lineageId)) return { ok: false, code: "not_their_child" };
  return db.transaction(async (tx) => {
    // The count and the insert under one lock per parent: two instances cannot both make the eleventh.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${parent.id}, ${LOCK_SEED}))`);
    const [made] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(excuseRequests)
      .where(and(eq(excuseRequests.parentUserId, parent.id), eq(excuseRequests.createdDay, input.today)));
    if ((made?.n ?? 0) >= EXCUSES_PER_DAY) return { ok: false, code: "too_many" } as const;
    const id = newId("exc");
    await tx.insert(excuseRequests).values({
      id,
      connectionId: parent.connectionId,
      tenantId,
      parentUserId: parent.id,
      lineageId: input.lineageId,
      childName: input.childName,
      day: input.day,
      reason: input.reason,
      createdDay: input.today,
    });
    return { ok: true, id } as const;
  });
}

export type ParentExcuse = {
  id: string;
  lineageId: string;
  day: string;
  reason: string;
  createdAt: Date;
  seen: boolean;
};

/** The parent's own requests for children linked to them now, from `since` (a school date) on, newest date first. */
export async function parentExcuses(
  db: DashboardDb,
  parent: ExcuseParent,
  tenantId: string,
  since: string,
): Promise<ParentExcuse[]> {
  const lineages = parent.role === "parent" ? parent.studentLineageIds : [];
  if (lineages.length === 0) return [];
  const rows = await db
    .select({
      id: excuseRequests.id,
      lineageId: excuseRequests.lineageId,
      day: excuseRequests.day,
      reason: excuseRequests.reason,
      createdAt: excuseRequests.createdAt,
      seenAt: excuseRequests.seenAt,
    })
    .from(excuseRequests)
    .where(
      and(
        eq(excuseRequests.connectionId, parent.connectionId),
        eq(excuseRequests.tenantId, tenantId),
        eq(excuseRequests.parentUserId, parent.id),
        inArray(excuseRequests.lineageId, lineages),
        gte(excuseRequests.day, since),
      ),
    )
    .orderBy(desc(excuseRequests.day), desc(excuseRequests.createdAt))
    .limit(100);
  return rows.map(({ seenAt, ...row }) => ({ ...row, seen: seenAt !== null }));
}

/** Staff have these in front of them now: the first time counts as seen (by that person). */
async function markSeen(db: DashboardDb, ids: string[], staffId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(excuseRequests)
    .set({ seenAt: new Date(), seenBy: staffId })
    .where(and(inArray(excuseRequests.id, ids), isNull(excuseRequests.seenAt)));
}

export type RegisterExcuse = { lineageId: string; reason: string };

/** The requests for one school date and these children (a register's roster), marked seen by the member of staff who opened it. */
export async function registerExcuses(
  db: DashboardDb,
  school: School,
  day: string,
  lineageIds: readonly string[],
  staffId: string,
): Promise<RegisterExcuse[]> {
  if (lineageIds.length === 0) return [];
  const rows = await db
    .select({
      id: excuseRequests.id,
      lineageId: excuseRequests.lineageId,
      reason: excuseRequests.reason,
      seenAt: excuseRequests.seenAt,
    })
    .from(excuseRequests)
    .where(
      and(
        eq(excuseRequests.connectionId, school.connectionId),
        eq(excuseRequests.tenantId, school.tenantId),
        eq(excuseRequests.day, day),
        inArray(excuseRequests.lineageId, [...lineageIds]),
      ),
    )
    .orderBy(excuseRequests.createdAt);
  await markSeen(
    db,
    rows.filter((row) => row.seenAt === null).map((row) => row.id),
    staffId,
  );
  return rows.map(({ lineageId, reason }) => ({ lineageId, reason }));
}

export type AdminExcuse = {
  id: string;
  day: string;
  lineageId: string;
  childName: string;
  parentName: string | null;
  reason: string;
  createdAt: Date;
  seenAt: Date | null;
};

/** The admins' list: the school's requests from `since` on, soonest date first; opening it marks them seen. */
export async function adminExcuses(
  db: DashboardDb,
  school: School,
  since: string,
  staffId: string,
): Promise<AdminExcuse[]> {
  const rows = await db
    .select({
      id: excuseRequests.id,
      day: excuseRequests.day,
      lineageId: excuseRequests.lineageId,
      childName: excuseRequests.childName,
      parentName: users.name,
      reason: excuseRequests.reason,
      createdAt: excuseRequests.createdAt,
      seenAt: excuseRequests.seenAt,
    })
    .from(excuseRequests)
    .leftJoin(users, eq(users.id, excuseRequests.parentUserId))
    .where(
      and(
        eq(excuseRequests.connectionId, school.connectionId),
        eq(excuseRequests.tenantId, school.tenantId),
        gte(excuseRequests.day, since),
      ),
    )
    .orderBy(excuseRequests.day, excuseRequests.createdAt)
    .limit(200);
  await markSeen(
    db,
    rows.filter((row) => row.seenAt === null).map((row) => row.id),
    staffId,
  );
  return rows;
}
