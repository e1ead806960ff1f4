/**
 * Vitest globalSetup of the "authz" project: one embedded School API with fresh demo data (PGlite in
 * memory) on 127.0.0.1 for every file of the project. Each file keeps its own dashboard store (in
 * memory, per worker) and points lib/connections at this server through PORT (see harness.ts).
 */
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    authzSchoolApiUrl: string;
    /** A learning plan of Dar Al-Arqam, read from its database (its key cannot read plans: the feature is off). */
    arqamPlanId: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { openDatabase, seedDemo, createSchoolApi, startSchoolApiServer } =
    await import("@/tests/support/school-api/store");
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seedDemo(database.db);
    const { and, eq } = await import("drizzle-orm");
    const { learningPlans, schools } = await import("@/tests/support/school-api/store");
    const [arqamPlan] = await database.db
      .select({ id: learningPlans.id })
      .from(learningPlans)
      .innerJoin(schools, eq(schools.id, learningPlans.schoolId))
      .where(and(eq(schools.name, "Dar Al-Arqam")))
      .limit(1);
    if (!arqamPlan) throw new Error("the demo's Dar Al-Arqam has no learning plan");
    project.provide("arqamPlanId", arqamPlan.id);
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
