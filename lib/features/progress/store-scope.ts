import "server-only";
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { progressSessions } from "@/lib/db/schema-progress";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";

/** Rows of the progress read model of the scope's connection, and of its confirmed tenant when it names one. */
export const scoped = (table: { connectionId: PgColumn; tenantId: PgColumn }, scope: StoreScope): SQL =>
  scope.tenantId
    ? and(eq(table.connectionId, scope.connectionId), eq(table.tenantId, scope.tenantId))!
    : eq(table.connectionId, scope.connectionId);

/** Joins a row of a session (a mark, a recitation) to its session, for the session's halqa and date. */
export const ofItsSession = (table: { connectionId: PgColumn; sessionId: PgColumn }): SQL =>
  and(eq(progressSessions.connectionId, table.connectionId), eq(progressSessions.id, table.sessionId))!;
