import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import type { Assignment, LearningPlan } from "@/lib/contract";
import * as dashboardSchema from "@/lib/db/schema";
import { syncedAssignments, syncedPlans } from "@/lib/db/schema-plans";
import { openPg } from "@/lib/pg/open";
import { createV1Client, type V1Client } from "@/lib/v1";
import type { PlansDb } from "./db";

/**
 * Test and bench support: the embedded School API served in-process over real HTTP (as
 * tests/setup/conformance-global.ts does), its admin RPC, an in-memory dashboard store, and a
 * record-for-record comparison of the store with the API.
 */

export type EmbeddedSchool = {
  url: string;
  adminUrl: string;
  client(key: string): V1Client;
  admin<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
};

/** Starts the embedded API on 127.0.0.1. `seed` fills its fresh in-memory database (the demo by default). */
export async function startEmbeddedSchool(options: { seed?: (db: import("@/lib/school-api/db/client").Db) => Promise<void>; rateLimitPerMinute?: number } = {}): Promise<EmbeddedSchool> {
  process.env.SCHOOL_ADMIN_TOKEN ||= `test_admin_${randomBytes(16).toString("hex")}`;
  const token = process.env.SCHOOL_ADMIN_TOKEN;
  const { openDatabase } = await import("@/lib/school-api/db/client");
  const { createSchoolApi } = await import("@/lib/school-api/runtime");
  const { startSchoolApiServer } = await import("@/lib/school-api/node-server");
  const database = await openDatabase({ dataDir: "memory://" });
  if (options.seed) await options.seed(database.db);
  else await (await import("@/lib/school-api/seed/demo")).seedDemo(database.db);
  const server = await startSchoolApiServer({ api: createSchoolApi(database, { rateLimitPerMinute: options.rateLimitPerMinute ?? 0 }) });
  return {
    url: server.url,
    adminUrl: server.adminUrl,
    client: (key) => createV1Client({ baseUrl: server.url, apiKey: key, timeoutMs: 60_000, retry: { maxAttempts: 1 } }),
    async admin<T>(op: string, args: Record<string, unknown> = {}) {
      const response = await fetch(server.adminUrl, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ op, ...args }),
      });
      const body = (await response.json()) as { data?: T; error?: unknown };
      if (!response.ok) throw new Error(`admin ${op} answered ${response.status}: ${JSON.stringify(body.error)}`);
      return body.data as T;
    },
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** A fresh in-memory dashboard store with the dashboard's migrations. */
export async function openMemoryStore() {
  return openPg({ dataDir: "memory://" }, dashboardSchema, path.join(process.cwd(), "lib/db/migrations"));
}

export type Snapshot = { plans: Map<string, LearningPlan>; assignments: Map<string, { planId: string; position: number; data: Assignment }> };

/** Everything the API holds about plans, read with complete traversals. */
export async function apiSnapshot(client: V1Client): Promise<Snapshot> {
  const { items: plans } = await client.listAll("listPlans", { query: { limit: 100 } });
  const assignments: Snapshot["assignments"] = new Map();
  for (const plan of plans) {
    const { items } = await client.listAll("listAssignments", { params: { id: plan.id }, query: { limit: 100 } });
    items.forEach((assignment, position) => assignments.set(assignment.id, { planId: plan.id, position, data: assignment }));
  }
  return { plans: new Map(plans.map((plan) => [plan.id, plan])), assignments };
}

/** Everything the store holds for one connection. */
export async function storeSnapshot(db: PlansDb, connectionId: string): Promise<Snapshot & { planRows: number; assignmentRows: number }> {
  const plans = await db.select().from(syncedPlans).where(eq(syncedPlans.connectionId, connectionId)).orderBy(asc(syncedPlans.id));
  const rows = await db
    .select()
    .from(syncedAssignments)
    .where(and(eq(syncedAssignments.connectionId, connectionId)))
    .orderBy(asc(syncedAssignments.planId), asc(syncedAssignments.position));
  return {
    plans: new Map(plans.map((row) => [row.id, row.data])),
    assignments: new Map(rows.map((row) => [row.id, { planId: row.planId, position: row.position, data: row.data }])),
    planRows: plans.length,
    assignmentRows: rows.length,
  };
}
