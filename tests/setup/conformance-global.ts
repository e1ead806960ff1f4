/**
 * Vitest globalSetup of the conformance projects: starts the embedded School API on 127.0.0.1 with
 * fresh demo data (PGlite in memory, or a throwaway PostgreSQL cluster for "conformance-postgres")
 * and hands the suite its target through `provide`; tests/setup/conformance-env.ts copies it into
 * process.env of each test file.
 */
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startPostgres, type PostgresCluster } from "@/scripts/postgres";
import { DEMO_KEYS as SEEDED_KEYS } from "@/school-api/seed-facts";

export type ConformanceEnv = Record<`CONFORMANCE_${string}`, string>;

declare module "vitest" {
  export interface ProvidedContext {
    conformanceEnv: ConformanceEnv;
    /** Set when the server could not start; each conformance file then fails with it. */
    conformanceSetupError: string | null;
  }
}

/** Set when the admin token in process.env was made by this setup rather than given by the user. */
export const ADMIN_TOKEN_MARKER = "CONFORMANCE_SETUP_MADE_ADMIN_TOKEN";

export const DEMO_KEYS = {
  CONFORMANCE_KEY_ADMIN: SEEDED_KEYS.alnoorAdmin,
  CONFORMANCE_KEY_READONLY: SEEDED_KEYS.alnoorReadonly,
  CONFORMANCE_KEY_LEGACY: SEEDED_KEYS.alnoorLegacy,
  CONFORMANCE_KEY_OTHER_SCHOOL: SEEDED_KEYS.arqamAdmin,
  CONFORMANCE_KEY_REVOKED: SEEDED_KEYS.revoked,
  CONFORMANCE_KEY_EXPIRED: SEEDED_KEYS.expired,
} as const;

async function stopAll(steps: Array<() => Promise<void>>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, "conformance teardown failed");
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.name.endsWith("postgres") ? "postgres" : "pglite";
  // The server reads the admin token from this process's env. Workers inherit that env, so
  // vitest.setup.ts removes a token made here from the unit tests' workers.
  if (!process.env.SCHOOL_ADMIN_TOKEN) {
    process.env.SCHOOL_ADMIN_TOKEN = `test_admin_${randomBytes(16).toString("hex")}`;
    process.env[ADMIN_TOKEN_MARKER] = "1";
  }
  const adminToken = process.env.SCHOOL_ADMIN_TOKEN;
  const cleanup: Array<() => Promise<void>> = [];
  const teardown = () => stopAll(cleanup.reverse());
  try {
    let cluster: PostgresCluster | undefined;
    if (engine === "postgres") {
      cluster = await startPostgres();
      cleanup.push(cluster.stop);
    }
    // Imported here so that a broken server module fails the conformance files, not the whole run.
    const { openDatabase, seedDemo, createSchoolApi, startSchoolApiServer } =
      await import("@/tests/support/school-api/store");
    const database = await openDatabase(cluster ? { url: cluster.url } : { dataDir: "memory://" });
    cleanup.push(() => database.close());
    await seedDemo(database.db);
    const server = await startSchoolApiServer({ api: createSchoolApi(database) });
    cleanup.push(() => server.close());
    project.provide("conformanceEnv", {
      CONFORMANCE_BASE_URL: server.url,
      CONFORMANCE_ENGINE: engine,
      CONFORMANCE_ADMIN_URL: server.adminUrl,
      CONFORMANCE_ADMIN_TOKEN: adminToken,
      ...DEMO_KEYS,
    });
    project.provide("conformanceSetupError", null);
    return teardown;
  } catch (error) {
    // Not rethrown: a failing globalSetup would abort the unit tests too, and the count would be empty.
    await teardown().catch(() => undefined);
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`[${project.name}] could not start the embedded School API:\n${message}`);
    project.provide("conformanceEnv", { CONFORMANCE_ENGINE: engine });
    project.provide("conformanceSetupError", message);
    return async () => undefined;
  }
}
