/**
 * The demo, grown to a real school's size, in the PGlite folder (or PostgreSQL) the server will open:
 * seeds the two demo schools when absent, then adds to Al-Noor's active semester generated halqas
 * of 30 students, one open session today each, and learning plans (school-api/seed/generate.ts).
 * The demo accounts then see a large school in the README's default configuration.
 *
 *   SCHOOL_API_DATA_DIR=/tmp/big npx tsx --conditions=react-server scripts/large-school.ts --students 5000 --plans 5000 --per-plan 10 [--session-days 30]
 *
 * Used by `npm run bench -- pages` and the e2e `large-school` project. Run it before the server
 * starts: a PGlite folder is open in one process at a time.
 */
import { parseArgs } from "node:util";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      students: { type: "string" },
      plans: { type: "string" },
      "per-plan": { type: "string" },
      "session-days": { type: "string" },
    },
  });
  const count = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
  const { databaseOptionsFromEnv, openDatabase, seedDemo, generateSchool, listSchools } =
    await import("../school-api/operations");
  const { DEMO_SCHOOLS } = await import("../school-api/seed-facts");
  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const started = performance.now();
    await seedDemo(database.db);
    const school = (await listSchools(database.db)).find((candidate) => candidate.name === DEMO_SCHOOLS.alnoor.name);
    if (!school) throw new Error("the demo school Al-Noor is missing");
    const students = count(values.students, 5000);
    const grown = await generateSchool(database.db, {
      schoolId: school.id,
      students,
      plans: count(values.plans, students),
      assignmentsPerPlan: count(values["per-plan"], 10),
      sessionDays: count(values["session-days"], 0),
    });
    console.log(JSON.stringify({ ...grown, seconds: Math.round((performance.now() - started) / 100) / 10 }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`large-school: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
