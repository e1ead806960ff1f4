import "server-only";
import { eq } from "drizzle-orm";
import { clientFor, EMBEDDED_CONNECTIONS, isEmbeddedMode } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { connections, userLinks, users, type Role } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { DEMO_TEACHER_SHEIKH_NAME } from "@/school-api/seed-facts";
import { hashPassword } from "./password";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_ACCOUNTS = {
  admin: "admin@alnoor.demo",
  teacher: "teacher@alnoor.demo",
  parent: "parent@alnoor.demo",
  arqamAdmin: "admin@arqam.demo",
} as const;

let ensured: Promise<void> | null = null;

/**
 * Embedded mode only: the demo accounts, linked by ids read from the demo school's API (a teacher
 * to the demo sheikh, a parent to two children who have learning plans). Runs once per process.
 */
export function ensureDemoUsers(): Promise<void> {
  if (!isEmbeddedMode()) return Promise.resolve();
  ensured ??= createDemoUsers().catch((error: unknown) => {
    ensured = null;
    throw error;
  });
  return ensured;
}

async function createDemoUsers(): Promise<void> {
  const db = await dashboardDb();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin)).limit(1);
  if (existing) return;

  for (const connection of EMBEDDED_CONNECTIONS) {
    const school = await clientFor(connection.id).tenant();
    await db
      .insert(connections)
      .values({ id: connection.id, label: school.name, tenantId: school.id, checkedAt: new Date() })
      .onConflictDoNothing();
  }

  const alnoor = clientFor("alnoor");
  const { items: sheikhs } = await alnoor.listAll("listSheikhs");
  const sheikh = sheikhs.find((s) => s.name === DEMO_TEACHER_SHEIKH_NAME);
  if (!sheikh) throw new Error(`The demo sheikh ${DEMO_TEACHER_SHEIKH_NAME} is missing from the embedded school`);
  const children = await pickDemoChildren();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: {
    email: string;
    name: string;
    role: Role;
    connectionId: string;
    links: { kind: "sheikh" | "student_lineage"; refId: string; label: string }[];
  }[] = [
    { email: DEMO_ACCOUNTS.admin, name: "Huda Al-Admin", role: "admin", connectionId: "alnoor", links: [] },
    {
      email: DEMO_ACCOUNTS.teacher,
      name: sheikh.name,
      role: "teacher",
      connectionId: "alnoor",
      links: [{ kind: "sheikh", refId: sheikh.id, label: sheikh.name }],
    },
    {
      email: DEMO_ACCOUNTS.parent,
      name: "Umm Yusuf",
      role: "parent",
      connectionId: "alnoor",
      links: children.map((c) => ({ kind: "student_lineage" as const, refId: c.lineage_id, label: c.full_name })),
    },
    { email: DEMO_ACCOUNTS.arqamAdmin, name: "Arqam Administrator", role: "admin", connectionId: "arqam", links: [] },
  ];
  await db.transaction(async (tx) => {
    for (const account of accounts) {
      const id = newId("usr");
      const inserted = await tx
        .insert(users)
        .values({
          id,
          email: account.email,
          name: account.name,
          role: account.role,
          connectionId: account.connectionId,
          passwordHash,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length && account.links.length)
        await tx.insert(userLinks).values(account.links.map((link) => ({ userId: id, ...link })));
    }
  });
}

/** Two active children with active learning plans, siblings when the demo has any. */
async function pickDemoChildren() {
  const alnoor = clientFor("alnoor");
  const [{ items: semesters }, { items: plans }] = await Promise.all([
    alnoor.listAll("listSemesters", { query: { status: "active" } }),
    alnoor.listAll("listPlans", { query: { status: "active" } }),
  ]);
  const semesterId = semesters[0]?.id;
  const { items: students } = await alnoor.listAll("listStudents", {
    query: { status: "active", ...(semesterId ? { semester_id: semesterId } : {}) },
  });
  const withPlans = new Set(plans.map((p) => p.student_id));
  const candidates = students.filter((s) => withPlans.has(s.id)).sort((a, b) => a.full_name.localeCompare(b.full_name));
  const family = (name: string) => name.split(" ").at(-1) ?? name;
  const byFamily = new Map<string, typeof candidates>();
  for (const student of candidates)
    byFamily.set(family(student.full_name), [...(byFamily.get(family(student.full_name)) ?? []), student]);
  const siblings = [...byFamily.values()].find((group) => group.length >= 2);
  const chosen = (siblings ?? candidates).slice(0, 2);
  if (chosen.length < 2) throw new Error("The embedded demo school has fewer than two students with active plans");
  return chosen;
}
