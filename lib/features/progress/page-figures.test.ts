import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendanceRow, School, Session, Student } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { dateIn } from "@/lib/dates";
import type { V1Client } from "@/lib/v1";
import { DEMO_KEYS } from "@/school-api/seed-facts";
import { startEmbeddedSchool, type EmbeddedSchool } from "@/tests/support/school-api/embedded-school";
import {
  expectedAttendance,
  expectedMemorised,
  type HalqaRecords,
} from "@/tests/support/features/progress/figures-oracle";

/**
 * Issue 23's "one truth per figure" over the embedded API: for every active student of every halqa
 * that met, the staff student page's attendance figures and memorised ayahs, and the halqa page's
 * absence reasons, are the ones docs/progress.md defines, counted here from the API's own records
 * (tests/support/features/progress/figures-oracle.ts). The pages' functions run as the pages call
 * them, on a progress read model synced from the same school. e2e/figures.spec.ts shows one student's
 * page per language in the browser.
 */

const CONNECTION = "alnoor";
let school: EmbeddedSchool;
let admin: V1Client;
let tenant: School;
let db: DashboardDb;
let today: string;

beforeAll(async () => {
  delete process.env.SCHOOL_API_URL;
  delete process.env.SCHOOL_CONNECTIONS_FILE;
  school = await startEmbeddedSchool();
  // The dashboard reaches its embedded school on this process's port.
  process.env.PORT = new URL(school.url).port;
  admin = school.client(DEMO_KEYS.alnoorAdmin);
  tenant = await admin.tenant();
  today = dateIn(tenant.time_zone);
  db = await (await import("@/lib/db")).dashboardDb();
  const { syncProgress } = await import("./sync");
  expect((await syncProgress(CONNECTION, { db })).status).toBe("completed");
}, 120_000);

afterAll(async () => school?.close());

/** Each halqa that met up to today, with its sessions up to today and every row of them, and its active students. */
async function halqasThatMet(): Promise<{ halqaId: string; records: HalqaRecords; roster: Student[] }[]> {
  const [{ items: sessions }, { items: students }] = await Promise.all([
    admin.listAll("listSessions", { query: { limit: 100 } }),
    admin.listAll("listStudents", { query: { limit: 100 } }),
  ]);
  const byHalqa = new Map<string, Session[]>();
  for (const s of sessions) if (s.date <= today) byHalqa.set(s.halqa_id, [...(byHalqa.get(s.halqa_id) ?? []), s]);
  return Promise.all(
    [...byHalqa].map(async ([halqaId, ofHalqa]) => {
      const rows: AttendanceRow[] = (
        await Promise.all(
          ofHalqa.map(
            async (s) => (await admin.listAll("listAttendance", { params: { id: s.id }, query: { limit: 100 } })).items,
          ),
        )
      ).flat();
      return {
        halqaId,
        records: { sessions: ofHalqa, rows },
        roster: students.filter((s) => s.halqa_id === halqaId && s.status === "active"),
      };
    }),
  );
}

describe("the figures the pages show are the API's records counted as documented", () => {
  it("every active student's attendance and memorised ayahs (student page), and every halqa's absence reasons (halqa page)", async () => {
    const [{ attendanceFacts, studentWindow }, { quranMap }, { studentHistory }, { withLineage }] = await Promise.all([
      import("./figures"),
      import("./quran-map"),
      import("./read-model"),
      import("./student-progress"),
    ]);
    const [{ loadRecentMarks }, { loadStudentRecitations }, { loadHalqaGlance }] = await Promise.all([
      import("./recent-marks"),
      import("@/lib/features/students/detail"),
      import("./glance"),
    ]);
    const scope = { connectionId: CONNECTION, tenantId: tenant.id };
    const surahs = await admin.call("listSurahs");
    const halqas = await halqasThatMet();
    const stories = { streaks: 0, chronic: 0, students: 0, memorised: 0 };

    for (const { halqaId, records, roster } of halqas) {
      const glance = await loadHalqaGlance(scope, tenant, halqaId, roster, db);
      for (const student of roster) {
        const expected = expectedAttendance(records, student);
        // The student page: the stored history with the latest registers read live, counted.
        const [history, live, recitations] = await Promise.all([
          studentHistory(scope, student.id, db),
          loadRecentMarks(CONNECTION, student),
          loadStudentRecitations(CONNECTION, student.id),
        ]);
        const facts = attendanceFacts(studentWindow(history.attendance, live, student, today));
        expect(
          { counted: facts.counted, attended: facts.attended, missed: facts.missed, streak: facts.streak },
          `${student.id}'s attendance`,
        ).toEqual(expected);

        const lineage = (await admin.listAll("listStudents", { query: { lineage_id: student.lineage_id } })).items;
        const heard = (
          await Promise.all(
            lineage
              .filter((record) => record.lineage_id === student.lineage_id)
              .map(
                async (record) => (await admin.listAll("listStudentRecitations", { params: { id: record.id } })).items,
              ),
          )
        ).flat();
        const map = quranMap(withLineage(recitations, history.recitations), today, tenant.time_zone);
        const memorised = expectedMemorised(surahs, heard);
        expect({ ayahs: map.memorisedAyahs, percent: map.memorisedPercent }, `${student.id}'s memorised`).toEqual(
          memorised,
        );

        // The halqa page names a run of absences (2 or more) and chronic absence (10 % of 5 or more).
        const reasons = glance.attention.find((entry) => entry.studentId === student.id)?.reasons ?? [];
        const streak = expected.streak?.kind === "missed" && expected.streak.sessions >= 2 ? expected.streak : null;
        expect(
          reasons.find((r) => r.kind === "absence_streak"),
          `${student.id}'s absence streak`,
        ).toEqual(streak ? { kind: "absence_streak", sessions: streak.sessions } : undefined);
        const chronic = expected.counted >= 5 && expected.missed / expected.counted >= 0.1;
        expect(
          reasons.find((r) => r.kind === "chronic_absence"),
          `${student.id}'s chronic absence`,
        ).toEqual(
          chronic ? { kind: "chronic_absence", missed: expected.missed, counted: expected.counted } : undefined,
        );

        stories.students++;
        if (streak) stories.streaks++;
        if (chronic) stories.chronic++;
        if (memorised.ayahs > 0) stories.memorised++;
      }
    }
    // The demo school tells every story the figures have words for, so none of the checks above is empty.
    expect(stories.students).toBeGreaterThanOrEqual(20);
    expect(stories.streaks).toBeGreaterThan(0);
    expect(stories.chronic).toBeGreaterThan(0);
    expect(stories.memorised).toBeGreaterThan(0);
  }, 120_000);
});
