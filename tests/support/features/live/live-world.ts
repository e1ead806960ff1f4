import type { Actor } from "@/lib/auth/actor";
import { DEMO_KEYS } from "@/school-api/seed-facts";

/**
 * The live register's writes over real HTTP: the embedded School API in-process with fresh demo data,
 * the dashboard store in memory, and the dashboard's connection "alnoor" reaching that server through
 * PORT. `mine` is a new session of the demo teacher's first halqa (`roster`: its students, any status);
 * `other` a new session of a halqa the teacher does not teach, led by someone else.
 */
export async function startLiveWorld(topic: string) {
  delete process.env.SCHOOL_API_URL;
  delete process.env.SCHOOL_CONNECTIONS_FILE;
  process.env.DASHBOARD_DATA_DIR = "memory://";
  const { openDatabase, seedDemo, createSchoolApi, startSchoolApiServer } =
    await import("@/tests/support/school-api/store");
  const { createV1Client } = await import("@/lib/v1");
  const { DEMO_TEACHER_SHEIKH_NAME } = await import("@/school-api/seed-facts");
  const database = await openDatabase({ dataDir: "memory://" });
  await seedDemo(database.db);
  const server = await startSchoolApiServer({ api: createSchoolApi(database) });
  // The dashboard store (audit log) in memory: opened and migrated once, before the timed tests.
  await (await import("@/lib/db")).dashboardDb();
  process.env.PORT = new URL(server.origin).port;

  const admin = createV1Client({ baseUrl: server.url, apiKey: DEMO_KEYS.alnoorAdmin });
  const { items: sheikhs } = await admin.listAll("listSheikhs");
  const teacherSheikh = sheikhs.find((s) => s.name === DEMO_TEACHER_SHEIKH_NAME)!;
  const teacher: Actor = {
    id: "usr_teacher",
    email: "teacher@test",
    name: teacherSheikh.name,
    role: "teacher",
    connectionId: "alnoor",
    locale: "en",
    sheikhIds: [teacherSheikh.id],
    studentLineageIds: [],
  };
  const halqaId = teacherSheikh.halqa_ids[0]!;
  const mine = await admin.call("createSession", { body: { halqa_id: halqaId, sheikh_id: teacherSheikh.id, topic } });
  const { items: roster } = await admin.listAll("listStudents", { query: { halqa_id: halqaId } });
  const otherSheikh = sheikhs.find(
    (s) => s.id !== teacherSheikh.id && s.halqa_ids.some((h) => !teacherSheikh.halqa_ids.includes(h)),
  )!;
  const otherHalqa = otherSheikh.halqa_ids.find((h) => !teacherSheikh.halqa_ids.includes(h))!;
  const other = await admin.call("createSession", { body: { halqa_id: otherHalqa, sheikh_id: otherSheikh.id } });
  const close = async () => {
    await server.close();
    await database.close();
  };
  return { server, admin, teacherSheikh, teacher, mine, other, roster, close };
}
