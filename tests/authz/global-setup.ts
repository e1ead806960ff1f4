/**
 * Vitest globalSetup of the "authz" project: one embedded School API with fresh demo data (PGlite in
 * memory) on 127.0.0.1 for every file of the project. Each file keeps its own dashboard store (in
 * memory, per worker) and points lib/connections at this server through PORT (see harness.ts).
 */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    authzSchoolApiUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { openDatabase } = await import("@/lib/school-api/db/client");
  const { seedDemo } = await import("@/lib/school-api/seed/demo");
  const { createSchoolApi } = await import("@/lib/school-api/runtime");
  const { startSchoolApiServer } = await import("@/lib/school-api/node-server");
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seedDemo(database.db);
    const server = await startSchoolApiServer({ api: createSchoolApi(database) });
    project.provide("authzSchoolApiUrl", server.url);
    return async () => {
      await server.close();
      await database.close();
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
