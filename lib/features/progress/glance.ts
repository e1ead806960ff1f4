import "server-only";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { School, Student } from "@/lib/contract";
import { progressSessions, progressStudents } from "@/lib/db/schema-progress";
import { addDays, dateIn } from "@/lib/dates";
import { dashboardDb } from "@/lib/db";
import type { DashboardDb } from "@/lib/db/client";
import type { StoreScope } from "@/lib/features/plans/mirror/reads";
import { rowNames } from "@/lib/features/students/display-names";
import { needsAttention, type AttentionEntry } from "./attention";
import { currentShare, emptyCurrency, revisionCurrency, type JuzCurrency } from "./currency";
import {
  halqaHistories,
  halqaHistory,
  progressFreshness,
  type HalqaHistory,
  type ProgressFreshness,
} from "./read-model";
import { getProgressSettings } from "./settings";
import { schoolWide } from "@/lib/shared-for";

/**
 * A halqa at a glance, from the progress read model only (no v1 call): each active student's 30 juz
 * by revision currency, and who needs attention and why, over the halqa's last year of sessions.
 */
export const GLANCE_DAYS = 365;

export type GlanceStudent = { id: string; name: string; cells: JuzCurrency[] };
export type AttentionItem = AttentionEntry & { name: string };

export type HalqaGlance = {
  today: string;
  notHeardDays: number;
  freshness: ProgressFreshness;
  students: GlanceStudent[];
  attention: AttentionItem[];
};

type Roster = readonly Pick<Student, "id" | "full_name" | "preferred_name" | "status" | "enrolled_on">[];

export async function loadHalqaGlance(
  scope: StoreScope,
  school: Pick<School, "time_zone" | "rating_scale">,
  halqaId: string,
  roster: Roster,
  db?: DashboardDb,
): Promise<HalqaGlance> {
  const store = db ?? (await dashboardDb());
  const today = dateIn(school.time_zone);
  const [history, settings, freshness] = await Promise.all([
    halqaHistory(scope, halqaId, { from: addDays(today, -GLANCE_DAYS), to: today }, store),
    getProgressSettings(scope.connectionId, store),
    progressFreshness(scope, store),
  ]);
  return glanceOf({ history, roster, school, today, notHeardDays: settings.notHeardDays, freshness });
}

/** A halqa's glance from its history (read once for many halqas by the school-wide list). */
function glanceOf({
  history,
  roster,
  school,
  today,
  notHeardDays,
  freshness,
}: {
  history: HalqaHistory;
  roster: Roster;
  school: Pick<School, "rating_scale">;
  today: string;
  notHeardDays: number;
  freshness: ProgressFreshness;
}): HalqaGlance {
  const active = roster.filter((s) => s.status === "active");
  const names = rowNames(active);
  const sessionDates = new Map(history.sessions.map((s) => [s.id, s.date]));
  const currency = revisionCurrency(history.recitations, sessionDates, today);
  const attention = needsAttention({
    students: active,
    sessions: history.sessions,
    attendance: history.attendance,
    recitations: history.recitations,
    scale: school.rating_scale.map((level) => level.value),
    today,
    notHeardDays,
  });
  const students = active
    .map((s) => ({ id: s.id, name: names.get(s.id) ?? s.full_name, cells: currency.get(s.id) ?? emptyCurrency() }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return {
    today,
    notHeardDays,
    freshness,
    students,
    attention: attention.map((entry) => ({ ...entry, name: names.get(entry.studentId) ?? entry.studentId })),
  };
}

/**
 * Who needs attention across several halqas (Today): the halqas given (a teacher's), or, when null,
 * every halqa with a session in the last 30 days (an admin's school). Students come from the read model.
 */
type AttentionAcross = {
  items: (AttentionItem & { halqaId: string })[];
  freshness: ProgressFreshness;
  /** Each halqa's revision currency (`currentShare` of its students' juz), from the same glances. */
  currency: Map<string, number | null>;
};

/**
 * The whole school's list (an admin's Today) reads a year of every halqa that met lately, 50 halqas
 * a query (docs/scale.md). It is computed at most once a minute per school in this
 * process and shared by the requests meanwhile, and again at once after this server changed the
 * school's records (lib/db/changes.ts): they move with sync cycles (every 15 minutes) and the
 * dashboard's own writes. A teacher's few halqas are computed on each request.
 */
/** Halqas whose year of records is read in one go (the school-wide list). */
const HISTORY_CHUNK = 50;
const shared = schoolWide<AttentionAcross>();

export async function loadAttentionAcross(
  scope: StoreScope,
  school: Pick<School, "time_zone" | "rating_scale">,
  halqaIds: readonly string[] | null,
  db?: DashboardDb,
): Promise<AttentionAcross> {
  if (halqaIds !== null || db) return computeAttentionAcross(scope, school, halqaIds, db);
  return shared(
    scope.connectionId,
    [scope.tenantId ?? null, school.time_zone, school.rating_scale, dateIn(school.time_zone)],
    () => computeAttentionAcross(scope, school, null),
  );
}

async function computeAttentionAcross(
  scope: StoreScope,
  school: Pick<School, "time_zone" | "rating_scale">,
  halqaIds: readonly string[] | null,
  db?: DashboardDb,
): Promise<AttentionAcross> {
  const store = db ?? (await dashboardDb());
  const today = dateIn(school.time_zone);
  const ids =
    halqaIds ??
    (
      await store
        .selectDistinct({ halqaId: progressSessions.halqaId })
        .from(progressSessions)
        .where(
          and(eq(progressSessions.connectionId, scope.connectionId), gte(progressSessions.date, addDays(today, -30))),
        )
    ).map((row) => row.halqaId);
  const freshness = await progressFreshness(scope, store);
  if (ids.length === 0) return { items: [], freshness, currency: new Map() };
  const rows = await store
    .select({ data: progressStudents.data })
    .from(progressStudents)
    .where(
      and(
        eq(progressStudents.connectionId, scope.connectionId),
        inArray(progressStudents.halqaId, [...ids]),
        ...(scope.tenantId ? [eq(progressStudents.tenantId, scope.tenantId)] : []),
      ),
    );
  const byHalqa = new Map<string, Student[]>();
  for (const { data } of rows)
    (byHalqa.get(data.halqa_id) ?? byHalqa.set(data.halqa_id, []).get(data.halqa_id)!).push(data);
  const settings = await getProgressSettings(scope.connectionId, store);
  const halqas = [...byHalqa];
  const glances: { halqaId: string; glance: HalqaGlance }[] = [];
  // A chunk of halqas at a time: three queries each, and only one chunk's year of records held at once.
  for (let start = 0; start < halqas.length; start += HISTORY_CHUNK) {
    const chunk = halqas.slice(start, start + HISTORY_CHUNK);
    const range = { from: addDays(today, -GLANCE_DAYS), to: today };
    const histories = await halqaHistories(
      scope,
      chunk.map(([halqaId]) => halqaId),
      range,
      store,
    );
    for (const [halqaId, roster] of chunk) {
      const history = histories.get(halqaId) ?? { sessions: [], attendance: [], recitations: [] };
      const glance = glanceOf({ history, roster, school, today, notHeardDays: settings.notHeardDays, freshness });
      glances.push({ halqaId, glance });
    }
  }
  const items = glances.flatMap(({ halqaId, glance }) => glance.attention.map((item) => ({ ...item, halqaId })));
  const currency = new Map(
    glances.map(({ halqaId, glance }) => [halqaId, currentShare(glance.students.map((student) => student.cells))]),
  );
  return {
    items: items.sort((a, b) => b.reasons.length - a.reasons.length || a.name.localeCompare(b.name)),
    freshness,
    currency,
  };
}
