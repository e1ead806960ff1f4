import "server-only";
import type { AttendanceRow, School, Session, Student } from "@/lib/contract";
import type { DashboardDb } from "@/lib/db/client";
import { connections, noticeSettings, userLinks, users } from "@/lib/db/schema";
import { openMemoryStore } from "@/tests/support/db/memory-store";
import { upsertProgress } from "@/lib/features/progress/store-writes";
import type { V1Client } from "@/lib/v1";
import type { OutgoingMail, SendResult } from "@/lib/mail/transport";

/** Test support for the notices job: a school, its records in the progress read model, parents, and a mail sink. */
export const SCHOOL: School = {
  id: "tenant-1",
  name: "Al-Noor Quran School",
  name_ar: "مدرسة النور",
  time_zone: "Asia/Riyadh",
  rating_scale: [
    { value: 1, label: "Weak", label_ar: "ضعيف" },
    { value: 2, label: "Good", label_ar: "جيد" },
    { value: 3, label: "Very good", label_ar: "جيد جدا" },
  ],
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

export const fakeClient = (
  school: School = SCHOOL,
  halqas: Record<string, string> = { h1: "Halqa Al-Fajr" },
): V1Client =>
  ({
    tenant: async () => school,
    listAll: async () => ({ items: [] }),
    call: async (name: string, args: { params: { id: string } }) => {
      if (name === "getHalqa" && halqas[args.params.id]) return { id: args.params.id, name: halqas[args.params.id] };
      throw Object.assign(new Error("not found"), { code: "not_found" });
    },
  }) as unknown as V1Client;

export function student(id: string, name: string, lineage = `lin-${id}`): Student {
  return {
    id,
    lineage_id: lineage,
    semester_id: "sem1",
    halqa_id: "h1",
    full_name: name,
    preferred_name: null,
    status: "active",
    enrolled_on: null,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
  };
}

export function session(id: string, at: Date, ended: boolean, date = at.toISOString().slice(0, 10)): Session {
  const iso = at.toISOString();
  return {
    id,
    halqa_id: "h1",
    sheikh_id: "sh1",
    semester_id: "sem1",
    status: ended ? "ended" : "open",
    date,
    starts_at: iso,
    ended_at: ended ? iso : null,
    topic: null,
    created_at: iso,
    updated_at: iso,
  };
}

export function mark(
  sessionId: string,
  studentId: string,
  status: AttendanceRow["status"],
  at: Date,
  note: string | null = null,
): AttendanceRow {
  return {
    id: `att-${sessionId}-${studentId}`,
    session_id: sessionId,
    student_id: studentId,
    status,
    late_minutes: status === "late" ? 12 : null,
    note,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

export async function seedConnection(db: DashboardDb, connectionId = "alnoor") {
  await db
    .insert(connections)
    .values({ id: connectionId, label: "Al-Noor", tenantId: SCHOOL.id })
    .onConflictDoNothing();
}

/**
 * A fresh store with the connection, for the absence-notice tests: weekly summaries off (they are
 * built from the read models and tested on their own: compose-weekly.test.ts, e2e/notices.spec.ts).
 */
export async function openNoticesStore() {
  const store = await openMemoryStore();
  await seedConnection(store.db);
  await store.db.insert(noticeSettings).values({ connectionId: "alnoor", weeklyOn: false });
  return store;
}

export async function addParent(
  db: DashboardDb,
  id: string,
  email: string,
  lineages: string[],
  locale: "en" | "ar" = "en",
  connectionId = "alnoor",
) {
  await db.insert(users).values({ id, connectionId, email, name: id, role: "parent", locale });
  if (lineages.length)
    await db
      .insert(userLinks)
      .values(lineages.map((refId) => ({ userId: id, kind: "student_lineage" as const, refId, label: refId })));
}

export async function storeRecords(
  db: DashboardDb,
  records: { sessions?: Session[]; attendance?: AttendanceRow[]; students?: Student[] },
  connectionId = "alnoor",
) {
  await upsertProgress(db, { connectionId, tenantId: SCHOOL.id }, records);
}

/** A mail sink: what was handed over, and a switch to make it fail like a server. */
export function mailSink() {
  const sent: OutgoingMail[] = [];
  let failure: { code: string; temporary: boolean } | null = null;
  return {
    sent,
    fail(next: { code: string; temporary: boolean } | null) {
      failure = next;
    },
    async send(_config: unknown, mail: OutgoingMail): Promise<SendResult> {
      if (failure) return { ok: false, ...failure };
      sent.push(mail);
      return { ok: true, messageId: mail.messageId };
    },
  };
}

export const MAIL = { url: "smtp://127.0.0.1:1", from: '"Al-Noor" <no-reply@alnoor.test>' };
export const SECRET = "test-secret-test-secret-test-secret";
