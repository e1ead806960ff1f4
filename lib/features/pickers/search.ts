import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can, type Subject } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import type { Student } from "@/lib/contract";
import { API_PAGE_SIZE, windowOf } from "@/lib/features/paging";
import { byName, matchesQuery } from "@/lib/text-search";
import { resolveSemester } from "@/lib/features/reference";
import { teacherStudents } from "@/lib/features/students/queries";

/**
 * What the searchable pickers (components/pickers/) ask as a person types: a small page of matches,
 * scoped exactly like the pages (a teacher finds only their halqas and those halqas' students).
 * The API has no name filter, so names are matched here: halqas and sheikhs are read whole (a
 * school has a few hundred at most); students of an admin are scanned on the API's cursors, at most
 * STUDENT_SCAN_CALLS pages per request, and the answer says where to search further (docs/scale.md).
 */
export const PICKER_KINDS = ["students", "halqas", "sheikhs"] as const;
export type PickerKind = (typeof PICKER_KINDS)[number];
export type PickerOption = { id: string; label: string; hint: string | null };
export type PickerAnswer = { options: PickerOption[]; more: boolean; next: string | null; scanned: number | null };

export const PICKER_RESULTS = 10;
export const STUDENT_SCAN_CALLS = 20;

/** `halqa` narrows sheikhs to those who teach it (the spec's GET /sheikhs?halqa_id). */
export type PickerRequest = { q: string; semester?: string; after?: string; halqa?: string };

/** v1 calls: students ≤ STUDENT_SCAN_CALLS + listHalqas (a teacher: one listStudents per taught halqa); halqas: listHalqas; sheikhs: listSheikhs (of one halqa with `halqa`); +1 per further 100; semesters cached. */
export async function searchPicker(actor: Actor, kind: PickerKind, request: PickerRequest): Promise<PickerAnswer> {
  const [subject, { selected }] = await Promise.all([
    subjectOf(actor),
    resolveSemester(actor.connectionId, request.semester),
  ]);
  if (kind === "sheikhs") return sheikhs(actor, subject, request);
  if (!selected) return { options: [], more: false, next: null, scanned: null };
  if (kind === "halqas") return halqas(actor, subject, selected.id, request.q);
  return students(actor, subject, selected.id, request);
}

function firstOf(options: PickerOption[]): PickerAnswer {
  return {
    options: options.slice(0, PICKER_RESULTS),
    more: options.length > PICKER_RESULTS,
    next: null,
    scanned: null,
  };
}

async function semesterHalqas(actor: Actor, semesterId: string) {
  return (
    await clientFor(actor.connectionId).listAll("listHalqas", {
      query: { semester_id: semesterId, limit: API_PAGE_SIZE },
    })
  ).items;
}

async function halqaNames(actor: Actor, semesterId: string): Promise<Map<string, string>> {
  return new Map((await semesterHalqas(actor, semesterId)).map((halqa) => [halqa.id, halqa.name]));
}

async function halqas(actor: Actor, subject: Subject, semesterId: string, q: string): Promise<PickerAnswer> {
  const items = await semesterHalqas(actor, semesterId);
  return firstOf(
    items
      .filter((halqa) => can.viewHalqa(subject, halqa.id) && matchesQuery([halqa.name], q))
      .sort(byName)
      .map((halqa) => ({ id: halqa.id, label: halqa.name, hint: null })),
  );
}

/**
 * Sheikhs are the whole school's eligible teachers, or those of one halqa: an admin's choice (a
 * teacher finds only themselves, and nobody of a halqa they may not see).
 */
async function sheikhs(actor: Actor, subject: Subject, { q, halqa }: PickerRequest): Promise<PickerAnswer> {
  if (halqa && !can.viewHalqa(subject, halqa)) return firstOf([]);
  const { items } = await clientFor(actor.connectionId).listAll("listSheikhs", {
    query: { ...(halqa ? { halqa_id: halqa } : {}), limit: API_PAGE_SIZE },
  });
  return firstOf(
    items
      .filter(
        (sheikh) =>
          (subject.role === "admin" || subject.sheikhIds.includes(sheikh.id)) && matchesQuery([sheikh.name], q),
      )
      .sort(byName)
      .map((sheikh) => ({ id: sheikh.id, label: sheikh.name, hint: null })),
  );
}

async function students(
  actor: Actor,
  subject: Subject,
  semesterId: string,
  request: PickerRequest,
): Promise<PickerAnswer> {
  const client = clientFor(actor.connectionId);
  const matches = (student: Student) =>
    can.viewStudent(subject, student) && matchesQuery([student.full_name, student.preferred_name], request.q);
  const namesRead = halqaNames(actor, semesterId);
  const option = (names: Map<string, string>) => (student: Student) => ({
    id: student.id,
    label: student.full_name,
    hint: names.get(student.halqa_id) ?? null,
  });
  if (subject.role !== "admin") {
    const students = await teacherStudents(client, subject, semesterId);
    const names = await namesRead;
    return firstOf(
      students
        .filter(matches)
        .sort((a, b) => a.full_name.localeCompare(b.full_name))
        .map(option(names)),
    );
  }
  const [window, names] = await Promise.all([
    windowOf(
      client,
      "listStudents",
      { query: { semester_id: semesterId, limit: API_PAGE_SIZE } },
      { after: request.after, size: PICKER_RESULTS, maxCalls: STUDENT_SCAN_CALLS, keep: matches },
    ),
    namesRead,
  ]);
  return {
    options: window.items.map(option(names)),
    more: window.next !== null,
    next: window.next,
    scanned: window.scanned,
  };
}
