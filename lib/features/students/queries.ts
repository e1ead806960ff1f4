import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can, type Subject } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { STUDENT_STATUSES, type Halqa, type Student } from "@/lib/contract";
import { API_PAGE_SIZE, pageOfList, windowOf } from "@/lib/features/paging";
import { byName, matchesQuery } from "@/lib/text-search";
import { resolveSemester } from "@/lib/features/reference";
import type { V1Client } from "@/lib/v1";

export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export type StudentListFilters = {
  semester?: string;
  status?: StudentStatus;
  halqa?: string;
  q?: string;
  after?: string;
  page?: number;
};

export const STUDENTS_PER_PAGE = 50;
/**
 * API pages one request reads at most: a browsing page, a name search (the API has no name filter),
 * and the look at whether the whole semester fits in a few pages (then it is sorted by name).
 */
/** A teacher's students of a semester: those of the halqas they teach, each halqa read whole (never the school's list). */
export async function teacherStudents(client: V1Client, subject: Subject, semesterId: string): Promise<Student[]> {
  const lists = await Promise.all(
    [...subject.halqaIds].map((halqa_id) =>
      client.listAll("listStudents", { query: { semester_id: semesterId, halqa_id, limit: API_PAGE_SIZE } }),
    ),
  );
  return lists.flatMap((list) => list.items);
}

export const STUDENT_SCAN = { browse: 5, search: 20, small: 3 } as const;

/** Students held whole (one halqa's, or a teacher's halqas'): sorted by name, paged by number, with a total. */
type BoundedList = { kind: "bounded"; students: Student[]; page: number; pages: number; total: number };
/** The whole semester's students (an admin): the API's order and cursors, no total. */
type ScannedList = {
  kind: "scanned";
  students: Student[];
  next: string | null;
  scanned: number;
  stoppedEarly: boolean;
  first: boolean;
};

/**
 * Students of one semester the actor may see, one page at a time, with their halqa's name. A list
 * that is bounded (a chosen halqa, a teacher's halqas, a semester the API lists in at most
 * STUDENT_SCAN.small pages) is read whole, sorted by name and paged by number; a larger semester (an
 * admin) is paged on the API's cursors in the API's order, and a name search reads at most
 * STUDENT_SCAN.search API pages per request (docs/scale.md).
 * v1 calls: listHalqas of the semester (+1 per further 100 halqas) and, concurrently, at most
 * STUDENT_SCAN pages of listStudents (bounded: one traversal per halqa shown); semesters cached;
 * a teacher's subject adds one getSheikh per link.
 */
export async function loadStudentList(actor: Actor, filters: StudentListFilters) {
  const client = clientFor(actor.connectionId);
  const [{ semesters, selected }, subject] = await Promise.all([
    resolveSemester(actor.connectionId, filters.semester),
    subjectOf(actor),
  ]);
  const teacher = subject.role === "teacher";
  const none = { kind: "bounded", students: [], page: 1, pages: 1, total: 0 } as BoundedList;
  if (!selected)
    return {
      semesters,
      selected,
      halqas: [] as Halqa[],
      list: none as BoundedList | ScannedList,
      halqaId: undefined,
      teacher,
    };
  const status = filters.status ? { status: filters.status } : {};
  const halqasRead = client.listAll("listHalqas", { query: { semester_id: selected.id, limit: API_PAGE_SIZE } });
  // The halqa filter is an id from the URL: it narrows only to a halqa of this semester the actor may see.
  const requested = filters.halqa && can.viewHalqa(subject, filters.halqa) ? filters.halqa : undefined;
  const matches = (student: Student) =>
    can.viewStudent(subject, student) && matchesQuery([student.full_name, student.preferred_name], filters.q);
  const read = async (halqa: string | undefined): Promise<BoundedList | ScannedList> => {
    const bounded = halqa ? [halqa] : teacher ? [...subject.halqaIds] : null;
    if (bounded) {
      return Promise.all(
        bounded.map((halqa_id) =>
          client.listAll("listStudents", {
            query: { semester_id: selected.id, halqa_id, limit: API_PAGE_SIZE, ...status },
          }),
        ),
      ).then((lists) => {
        const all = lists
          .flatMap((list) => list.items)
          .filter(matches)
          .sort((a, b) => a.full_name.localeCompare(b.full_name));
        const { items, ...page } = pageOfList(all, filters.page ?? 1, STUDENTS_PER_PAGE);
        return { kind: "bounded", students: items, ...page };
      });
    }
    const args = { query: { semester_id: selected.id, limit: API_PAGE_SIZE, ...status } };
    const browse = filters.q ? STUDENT_SCAN.search : STUDENT_SCAN.browse;
    if (!filters.after) {
      // A semester the API lists in a few pages is a bounded list too: sorted by name, with its total.
      const whole = await windowOf(client, "listStudents", args, {
        size: Number.MAX_SAFE_INTEGER,
        maxCalls: Math.max(STUDENT_SCAN.small, filters.q ? browse : 0),
        keep: matches,
      });
      if (whole.next === null) {
        const { items, ...page } = pageOfList(
          whole.items.sort((a, b) => a.full_name.localeCompare(b.full_name)),
          filters.page ?? 1,
          STUDENTS_PER_PAGE,
        );
        return { kind: "bounded", students: items, ...page };
      }
      // Larger: the first page is the start of what was read, in the API's order.
      if (whole.items.length >= STUDENTS_PER_PAGE || filters.q) {
        const full = whole.items.length > STUDENTS_PER_PAGE;
        return {
          kind: "scanned",
          students: whole.items.slice(0, STUDENTS_PER_PAGE),
          next: whole.at(STUDENTS_PER_PAGE),
          scanned: whole.scanned,
          stoppedEarly: !full && whole.stoppedEarly,
          first: true,
        };
      }
    }
    const options = { after: filters.after ?? undefined, size: STUDENTS_PER_PAGE, maxCalls: browse, keep: matches };
    return windowOf(client, "listStudents", args, options).then((window) => ({
      kind: "scanned",
      students: window.items,
      next: window.next,
      scanned: window.scanned,
      stoppedEarly: window.stoppedEarly,
      first: !filters.after,
    }));
  };
  const [halqas, list] = await Promise.all([halqasRead, read(requested)]);
  const visibleHalqas = halqas.items.filter((halqa) => can.viewHalqa(subject, halqa.id)).sort(byName);
  const halqaId = visibleHalqas.find((halqa) => halqa.id === requested)?.id;
  // A halqa of another semester is not a filter: it is ignored (one more read, only then).
  return {
    semesters,
    selected,
    halqas: visibleHalqas,
    list: requested && !halqaId ? await read(undefined) : list,
    halqaId,
    teacher,
  };
}

/** Halqas a new student may join in the selected semester. v1 calls: listHalqas (+1 per further 100); semesters cached. */
export async function loadNewStudentOptions(actor: Actor, semester: string | undefined) {
  const { semesters, selected } = await resolveSemester(actor.connectionId, semester);
  if (!selected) return { semesters, selected, halqas: [] as Halqa[] };
  const halqas = await clientFor(actor.connectionId).listAll("listHalqas", {
    query: { semester_id: selected.id, limit: API_PAGE_SIZE },
  });
  return { semesters, selected, halqas: halqas.items.sort(byName) };
}
