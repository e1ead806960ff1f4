import { test, expect } from "vitest";
import { count, eq } from "drizzle-orm";
import { startPostgres } from "@/scripts/postgres";
import { openDatabase } from "../db/client";
import * as t from "../db/schema";
import { seedDemo } from "./demo";
import { generateSchool } from "./generate";
import { replaceAssignment, setSchoolPolicy, touchPlans } from "../admin";

test("postgres", async () => {
  const cluster = await startPostgres();
  try {
    const database = await openDatabase({ url: cluster.url });
    let t0 = performance.now();
    await Promise.all([seedDemo(database.db), seedDemo(database.db)]);
    console.log("pg seedDemo (2 concurrent) ms", Math.round(performance.now() - t0));
    const schools = await database.db.select().from(t.schools);
    expect(schools).toHaveLength(2);
    t0 = performance.now();
    const big = await generateSchool(database.db, { plans: 10_000, assignmentsPerPlan: 10, key: "bench_pg_key" });
    console.log("pg generate 10k/100k ms", Math.round(performance.now() - t0), JSON.stringify(big));
    const [a] = await database.db.select().from(t.assignments).where(eq(t.assignments.status, "scheduled")).limit(1);
    const r = await replaceAssignment(database.db, a!.id, { dueDate: "2030-01-01" });
    expect(r.replaced.status).toBe("superseded");
    const alnoor = schools.find((s) => s.name.startsWith("Al-Noor"))!;
    expect((await setSchoolPolicy(database.db, alnoor.id, { automationPaused: true })).plansTouched).toBe(42);
    expect((await touchPlans(database.db, big.schoolId, 0.1)).touched).toBe(1000);
    const [n] = await database.db.select({ n: count() }).from(t.assignments);
    console.log("assignments", n?.n);
    await database.close();
  } finally {
    await cluster.stop();
  }
}, 600_000);
