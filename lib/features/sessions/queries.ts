import { rowNames } from "@/lib/features/students/display-names";
import "server-only";
import { halqaRecord, orNull, sessionRecord } from "@/lib/features/records";
import { notFound } from "next/navigation";
import type { AttendanceRow, Halqa, Recitation, School, Semester, Session, Sheikh, Surah } from "@/lib/contract";
import type { Actor } from "@/lib/auth/actor";
import { can, type Subject } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { resolveSemester, surahsFor } from "@/lib/features/reference";
import { dateIn } from "@/lib/dates";
import {
  defaultRange,
  parseSessionFilters,
  sortNewestFirst,
  sortRecitations,
  summarize,
  visibleSessions,
  type SessionFilters,
  type SessionSummary,
} from "./list";
import { startGroups, type StartGroup } from "./start-options";
import { sessionsFromStore, type StoreListRequest } from "./store-list";
import { API_PAGE_SIZE, pageNumber, pageOfList } from "@/lib/features/paging";
import type { V1Client } from "@/lib/v1";
import { selectChoices } from "@/lib/features/pickers/choices";

/** Beyond this many sessions today, /today shows no per-session attendance counts (one call each). */
export const MAX_COUNTED_SESSIONS = 5;

/** A session with the names people read; names are joined in memory from whole lists. */
export type SessionItem = Session & { halqaName: string | null; sheikhName: string | null };

export function withNames(
  sessions: readonly Session[],
  halqas: readonly Pick<Halqa, "id" | "name">[],
  sheikhs: readonly Pick<Sheikh, "id" | "name">[],
): SessionItem[] {
  const halqaNames = new Map(halqas.map((h) => [h.id, h.name]));
  const sheikhNames = new Map(sheikhs.map((s) => [s.id, s.name]));
  return sessions.map((s) => ({
    ...s,
    halqaName: halqaNames.get(s.halqa_id) ?? null,
    sheikhName: sheikhNames.get(s.sheikh_id) ?? null,
  }));
}

/** The start form on its own (/sessions/new): halqas of the active semester and eligible sheikhs. */
export async function loadStartGroups(actor: Actor): Promise<{ groups: StartGroup[]; semester: Semester | null }> {
  const client = clientFor(actor.connectionId);
  const [subject, { selected: semester }] = await Promise.all([
    subjectOf(actor),
    resolveSemester(actor.connectionId, undefined),
  ]);
  const { halqas, sheikhs } = await startChoices(client, semester);
  return { groups: startGroups(subject, semester?.id ?? null, halqas, sheikhs), semester };
}

/** What a session can be started with: the semester's halqas (none without a semester) and every sheikh. */
export async function startChoices(
  client: V1Client,
  semester: Semester | null,
): Promise<{ halqas: Halqa[]; sheikhs: Sheikh[] }> {
  const [halqas, sheikhs] = await Promise.all([
    semester
      ? client.listAll("listHalqas", { query: { semester_id: semester.id, limit: API_PAGE_SIZE } })
      : Promise.resolve({ items: [] as Halqa[] }),
    client.listAll("listSheikhs", { query: { limit: API_PAGE_SIZE } }),
  ]);
  return { halqas: halqas.items, sheikhs: sheikhs.items };
}

export type SessionListData = {
  school: School;
  today: string;
  semester: Semester | null;
  filters: SessionFilters;
  /** One page of the filtered sessions, newest first. */
  sessions: SessionItem[];
  page: { page: number; pages: number; total: number };
  /** The halqa filter's choices when they are few; null in a large school (a searchable picker then). */
  halqaOptions: { id: string; name: string }[] | null;
  halqaName: string | null;
};

export const SESSIONS_PER_PAGE = 50;

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * /sessions: one traversal of the filtered sessions (bounded by the date range, 30 days by default),
 * the semester's halqas and eligible sheikhs; one page of 50 is named and shown, newest first.
 */
export async function loadSessionList(actor: Actor, params: SearchParams): Promise<SessionListData> {
  const client = clientFor(actor.connectionId);
  const requested = typeof params.semester === "string" ? params.semester : undefined;
  const [subject, school, { selected: semester }] = await Promise.all([
    subjectOf(actor),
    client.tenant(),
    resolveSemester(actor.connectionId, requested),
  ]);
  const today = dateIn(school.time_zone);
  const filters = parseSessionFilters(params, defaultRange(today, semester));
  const query = {
    ...(semester ? { semester_id: semester.id } : {}),
    ...(filters.halqaId ? { halqa_id: filters.halqaId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    date_from: filters.from,
    date_to: filters.to,
  };
  const requestedPage = pageNumber(typeof params.page === "string" ? params.page : undefined);
  const [{ items, page, halqaIdsShown }, { halqas, sheikhs }] = await Promise.all([
    sessionPage(client, subject, {
      connectionId: actor.connectionId,
      tenantId: school.id,
      subject,
      query,
      page: requestedPage,
      perPage: SESSIONS_PER_PAGE,
    }),
    startChoices(client, semester),
  ]);
  const halqaOptions = selectChoices(
    halqas.filter(
      (h) =>
        can.viewAllHalqas(subject) ||
        can.viewHalqa(subject, h.id) ||
        halqaIdsShown.has(h.id) ||
        h.id === filters.halqaId,
    ),
  );
  return {
    school,
    today,
    semester,
    filters,
    sessions: withNames(items, halqas, sheikhs),
    page,
    halqaOptions,
    halqaName: halqas.find((h) => h.id === filters.halqaId)?.name ?? null,
  };
}

/**
 * One page of the sessions matching `query` that the subject may see, newest first: from the progress
 * store and the API's tail when the store can serve it (store-list.ts), otherwise from one traversal
 * of the API's list (bounded by the date range). `halqaIdsShown`: halqas of the sessions a teacher may
 * see, for the halqa filter's choices (an admin's are every halqa).
 */
async function sessionPage(
  client: ReturnType<typeof clientFor>,
  subject: Subject,
  request: StoreListRequest,
): Promise<{ items: Session[]; page: { page: number; pages: number; total: number }; halqaIdsShown: Set<string> }> {
  const stored = await sessionsFromStore(client, request);
  if (stored) {
    const { items, halqaIds, ...page } = stored;
    return { items, page, halqaIdsShown: halqaIds ?? new Set() };
  }
  const sessions = await client.listAll("listSessions", { query: { ...request.query, limit: API_PAGE_SIZE } });
  const visible = visibleSessions(subject, sessions.items);
  const { items, ...page } = pageOfList(sortNewestFirst(visible), request.page, request.perPage);
  return { items, page, halqaIdsShown: new Set(visible.map((s) => s.halqa_id)) };
}

export type AttendanceItem = AttendanceRow & { studentName: string | null };
export type RecitationItem = Recitation & { studentName: string | null };

export type SessionDetail = {
  school: School;
  subject: Subject;
  session: SessionItem;
  halqa: Halqa | null;
  /** Sheikhs eligible for the session's halqa now: the choices of the update form. */
  sheikhs: Sheikh[];
  attendance: AttendanceItem[];
  recitations: RecitationItem[];
  surahs: Surah[];
  summary: SessionSummary;
  abilities: { update: boolean; end: boolean; markAttendance: boolean };
};

/**
 * One session the actor may see, or the not-found page: a session of someone else reads exactly
 * like one that does not exist.
 */
export async function loadSessionDetail(actor: Actor, id: string): Promise<SessionDetail> {
  const client = clientFor(actor.connectionId);
  const [session, subject] = await Promise.all([sessionRecord(actor.connectionId, id), subjectOf(actor)]);
  if (!session || !can.viewSession(subject, session)) notFound();
  const [school, halqa, sheikhs, students, attendance, recitations, surahs] = await Promise.all([
    client.tenant(),
    halqaRecord(actor.connectionId, session.halqa_id),
    client.listAll("listSheikhs", { query: { halqa_id: session.halqa_id, limit: API_PAGE_SIZE } }),
    client.listAll("listStudents", { query: { halqa_id: session.halqa_id, limit: API_PAGE_SIZE } }),
    client.listAll("listAttendance", { params: { id: session.id }, query: { limit: API_PAGE_SIZE } }),
    client.listAll("listSessionRecitations", { params: { id: session.id }, query: { limit: API_PAGE_SIZE } }),
    surahsFor(actor.connectionId),
  ]);
  // The session's sheikh may no longer teach this halqa; only then is one more lookup needed.
  const leader =
    sheikhs.items.find((s) => s.id === session.sheikh_id) ??
    (await orNull(client.call("getSheikh", { params: { id: session.sheikh_id } })));
  // The register's names and order (lib/features/students/display-names.ts), over the halqa's students.
  const names = rowNames(students.items);
  const studentName = (id: string) => names.get(id) ?? null;
  const [item] = withNames([session], halqa ? [halqa] : [], leader ? [leader] : []);
  const rows = attendance.items
    .map((row) => ({ ...row, studentName: studentName(row.student_id) }))
    .sort((a, b) => (a.studentName ?? "").localeCompare(b.studentName ?? ""));
  return {
    school,
    subject,
    session: item!,
    halqa,
    sheikhs: sheikhs.items,
    attendance: rows,
    recitations: sortRecitations(recitations.items).map((r) => ({ ...r, studentName: studentName(r.student_id) })),
    surahs,
    summary: summarize(attendance.items, recitations.items),
    abilities: {
      update: can.updateSession(subject, session),
      end: can.endSession(subject, session),
      markAttendance: can.markAttendance(subject, session),
    },
  };
}
