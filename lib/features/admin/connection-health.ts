import "server-only";
/*
 * The connection health page's loads: probes of each read scope, the latest audited write, the
 * stored connection. What their outcomes mean, and the advice: connection-health-rules.ts (pure).
 */
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import type { School } from "@/lib/contract";
import type { ReadScope } from "@/lib/contract/scopes";
import { clientFor, isEmbeddedMode, loadConnections } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { auditLog, connections } from "@/lib/db/schema";
import { failureOf, type FailureCode, type V1Client } from "@/lib/v1";
import {
  API_WRITE_ACTION_PREFIXES,
  summarizeHealth,
  writeEvidenceFrom,
  type Health,
  type ProbeOutcome,
} from "./connection-health-rules";

/** The refusals about the key or the school that the page names, beyond a missing scope or feature (FailureKind's `lacks`). */
const NAMED: Partial<Record<FailureCode, ProbeOutcome>> = {
  invalid_api_key: "invalidKey",
  school_suspended: "suspended",
  network_denied: "networkDenied",
};

function outcomeOf(error: unknown): ProbeOutcome {
  const failure = failureOf(error);
  if (!failure) throw error;
  if (failure.lacks) return failure.lacks === "scope" ? "missingScope" : "featureOff";
  return NAMED[failure.kind] ?? (failure.retryable ? "unreachable" : "error");
}

async function probe<T>(run: () => Promise<T>): Promise<{ outcome: ProbeOutcome; value: T | null }> {
  try {
    return { outcome: "ok", value: await run() };
  } catch (error) {
    return { outcome: outcomeOf(error), value: null };
  }
}

/**
 * Which read scopes the key holds, by asking each read endpoint for one record (limit=1), all at
 * once; attendance and recitations need a session or student id, so they follow with ids the first
 * round returned. Nothing is written: write access cannot be probed without writing.
 */
export async function probeReadScopes(
  client: V1Client,
): Promise<{ school: School | null; outcomes: Record<ReadScope, ProbeOutcome> }> {
  const one = { query: { limit: 1 } };
  const [school, semesters, halqas, students, sheikhs, sessions, plans] = await Promise.all([
    probe(() => client.call("getSchool")),
    probe(() => client.call("listSemesters", one)),
    probe(() => client.call("listHalqas", one)),
    probe(() => client.call("listStudents", one)),
    probe(() => client.call("listSheikhs", one)),
    probe(() => client.call("listSessions", one)),
    probe(() => client.call("listPlans", one)),
  ]);
  const sessionId = sessions.value?.data[0]?.id;
  const studentId = students.value?.data[0]?.id;
  const untested = { outcome: "untested" as const, value: null };
  const [attendance, recitations] = await Promise.all([
    sessionId
      ? probe(() => client.call("listAttendance", { params: { id: sessionId }, query: { limit: 1 } }))
      : untested,
    studentId
      ? probe(() => client.call("listStudentRecitations", { params: { id: studentId }, query: { limit: 1 } }))
      : sessionId
        ? probe(() => client.call("listSessionRecitations", { params: { id: sessionId }, query: { limit: 1 } }))
        : untested,
  ]);
  return {
    school: school.value,
    outcomes: {
      "school:read": school.outcome,
      "semesters:read": semesters.outcome,
      "halqas:read": halqas.outcome,
      "students:read": students.outcome,
      "sheikhs:read": sheikhs.outcome,
      "sessions:read": sessions.outcome,
      "attendance:read": attendance.outcome,
      "recitations:read": recitations.outcome,
      "learning_plans:read": plans.outcome,
    },
  };
}

/** The latest audited write that reached the school's API through this connection. */
export async function latestApiWrite(connectionId: string) {
  const db = await dashboardDb();
  const [row] = await db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      result: auditLog.result,
      code: sql<string | null>`${auditLog.details}->>'code'`,
      status: sql<number | null>`(${auditLog.details}->>'status')::int`,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.connectionId, connectionId),
        or(...API_WRITE_ACTION_PREFIXES.map((prefix) => like(auditLog.action, `${prefix}%`))),
        or(eq(auditLog.result, "ok"), sql`${auditLog.details}->>'code' is not null`),
      ),
    )
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row ?? null;
}

export type ConnectionHealth = Health & {
  label: string;
  /** Where the school's API is; the key is never part of this. */
  baseUrl: string | null;
  embedded: boolean;
  school: Pick<School, "id" | "name" | "name_ar" | "time_zone"> | null;
  /** The tenant this connection confirmed before, when it differs from the one GET /school names now. */
  previousTenantId: string | null;
};

export async function loadConnectionHealth(connectionId: string): Promise<ConnectionHealth> {
  const config = loadConnections().find((c) => c.id === connectionId);
  const db = await dashboardDb();
  const [[stored], probed, lastWrite] = await Promise.all([
    db
      .select({ label: connections.label, tenantId: connections.tenantId })
      .from(connections)
      .where(eq(connections.id, connectionId))
      .limit(1),
    probeReadScopes(clientFor(connectionId)),
    latestApiWrite(connectionId),
  ]);
  const health = summarizeHealth(probed.outcomes, writeEvidenceFrom(lastWrite));
  const school = probed.school
    ? {
        id: probed.school.id,
        name: probed.school.name,
        name_ar: probed.school.name_ar,
        time_zone: probed.school.time_zone,
      }
    : null;
  return {
    ...health,
    label: config?.label ?? stored?.label ?? connectionId,
    baseUrl: config ? safeBaseUrl(config.baseUrl) : null,
    embedded: isEmbeddedMode(),
    school,
    previousTenantId: school && stored?.tenantId && stored.tenantId !== school.id ? stored.tenantId : null,
  };
}

/** Origin and path only: a URL never carries credentials here, but user info or a query would be stripped anyway. */
function safeBaseUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "";
  }
}
