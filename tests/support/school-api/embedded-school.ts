import "server-only";
import { randomBytes } from "node:crypto";
import { createV1Client, type V1Client } from "@/lib/v1";
import { adminCaller } from "./admin-client";

/**
 * Test and bench support: the embedded School API served in-process over real HTTP (as
 * tests/setup/conformance-global.ts does) on a fresh in-memory database, and its admin RPC. A
 * fixture of the embedded server itself: the dashboard's tests reach the school only through the
 * URL, the keys and the admin RPC it hands them.
 */

export type EmbeddedSchool = {
  url: string;
  adminUrl: string;
  client(key: string): V1Client;
  admin<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
};

/** Starts the embedded API on 127.0.0.1. `seed` fills its fresh in-memory database (the demo by default). */
export async function startEmbeddedSchool(
  options: { seed?: (db: import("@/school-api/db/client").Db) => Promise<void>; rateLimitPerMinute?: number } = {},
): Promise<EmbeddedSchool> {
  process.env.SCHOOL_ADMIN_TOKEN ||= `test_admin_${randomBytes(16).toString("hex")}`;
  const token = process.env.SCHOOL_ADMIN_TOKEN;
  const { openDatabase } = await import("@/school-api/db/client");
  const { createSchoolApi } = await import("@/school-api/runtime");
  const { startSchoolApiServer } = await import("@/school-api/node-server");
  const database = await openDatabase({ dataDir: "memory://" });
  if (options.seed) await options.seed(database.db);
  else await (await import("@/school-api/seed/demo")).seedDemo(database.db);
  const server = await startSchoolApiServer({
    api: createSchoolApi(database, { rateLimitPerMinute: options.rateLimitPerMinute ?? 0 }),
  });
  return {
    url: server.url,
    adminUrl: server.adminUrl,
    client: (key) => createV1Client({ baseUrl: server.url, apiKey: key, timeoutMs: 60_000, retry: { maxAttempts: 1 } }),
    admin: adminCaller(server.adminUrl, token),
    async close() {
      await server.close();
      await database.close();
    },
  };
}
