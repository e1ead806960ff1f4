import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Halqa, RatingLevel, School, Semester, Session, Sheikh, Student } from "@/lib/contract";
import { type Client, dataOf, pageOf, traverse } from "./http";
import { engine } from "./target";

/**
 * Data the tests find or create for themselves. Nothing here relies on the order of test
 * files or on global counts: writes go to records the calling test created.
 */

export const tag = (what: string) => `Conformance ${what} ${randomUUID().slice(0, 8)}`;

export async function schoolOf(client: Client): Promise<School> {
  return dataOf<School>(await client.get("/school"));
}

export async function semesters(client: Client): Promise<Semester[]> {
  return (await traverse<Semester>(client, "/semesters")).items;
}

export async function activeSemester(client: Client): Promise<Semester> {
  const active = (await semesters(client)).find((semester) => semester.status === "active");
  if (!active) throw new Error("the school under test has no active semester");
  return active;
}

export type Classroom = { semester: Semester; halqa: Halqa; sheikh: Sheikh };

/** An active halqa of the active semester with a sheikh eligible for it. */
export async function classroom(client: Client, skip = 0): Promise<Classroom> {
  const semester = await activeSemester(client);
  const halqas = (await traverse<Halqa>(client, "/halqas", { semester_id: semester.id, active: true })).items;
  let found = 0;
  for (const halqa of halqas) {
    const sheikhs = pageOf<Sheikh>(await client.get("/sheikhs", { halqa_id: halqa.id })).data;
    const sheikh = sheikhs[0];
    if (sheikh && found++ === skip) return { semester, halqa, sheikh };
  }
  throw new Error(`the school under test has fewer than ${skip + 1} active halqas with an eligible sheikh`);
}

/** Two different eligible halqas of the active semester. */
export async function twoClassrooms(client: Client): Promise<[Classroom, Classroom]> {
  return [await classroom(client, 0), await classroom(client, 1)];
}

/** A halqa that a session may not use: inactive, or of a semester that is not active. */
export async function halqaWhere(
  client: Client,
  wanted: "inactive" | "not_active_semester",
): Promise<Halqa | undefined> {
  const all = await semesters(client);
  if (wanted === "inactive") {
    const inactive = (await traverse<Halqa>(client, "/halqas", { active: false })).items;
    const activeIds = new Set(all.filter((s) => s.status === "active").map((s) => s.id));
    return inactive.find((halqa) => activeIds.has(halqa.semester_id)) ?? inactive[0];
  }
  for (const semester of all.filter((s) => s.status !== "active")) {
    const halqas = (await traverse<Halqa>(client, "/halqas", { semester_id: semester.id, active: true })).items;
    if (halqas[0]) return halqas[0];
    const any = (await traverse<Halqa>(client, "/halqas", { semester_id: semester.id })).items;
    if (any[0]) return any[0];
  }
  return undefined;
}

export async function createStudent(
  client: Client,
  halqaId: string,
  extra: Record<string, unknown> = {},
): Promise<Student> {
  const body = { halqa_id: halqaId, full_name: tag("Student"), ...extra };
  return dataOf<Student>(await client.post("/students", body), 201);
}

export async function createSession(
  client: Client,
  room: Classroom,
  extra: Record<string, unknown> = {},
): Promise<Session> {
  const body = { halqa_id: room.halqa.id, sheikh_id: room.sheikh.id, topic: tag("session"), ...extra };
  return dataOf<Session>(await client.post("/sessions", body), 201);
}

/** What a refused write must leave as it was: the student, the session, its attendance and its recitations, read back in that order. */
export async function recordsOf(client: Client, student: Student, session: Session): Promise<unknown[]> {
  return [
    (await client.get(`/students/${student.id}`)).json,
    (await client.get(`/sessions/${session.id}`)).json,
    (await traverse<unknown>(client, `/sessions/${session.id}/attendance`)).items,
    (await traverse<unknown>(client, `/sessions/${session.id}/recitations`)).items,
  ];
}

/** A rating the school accepts and an integer it does not. */
export function ratings(school: School): { valid: number; invalid: number; scale: RatingLevel[] } {
  const values = school.rating_scale.map((level) => level.value);
  const valid = values[values.length - 1];
  if (valid === undefined) throw new Error("the school has an empty rating scale");
  return { valid, invalid: Math.max(...values) + 1, scale: school.rating_scale };
}

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** An id shaped like a real one (same prefix and length) that names nothing. */
export function missingIdLike(id: string): string {
  const cut = id.lastIndexOf("_") + 1;
  const bytes = randomBytes(id.length - cut);
  let rest = "";
  for (const byte of bytes) rest += ALPHABET[byte % 32];
  return id.slice(0, cut) + rest;
}

const SECRET_FIELD =
  /private|sensitive|staff_note|date_of_birth|birth|guardian|phone|password|secret|api_key|key_hash/i;

/** Every JSON path whose field name looks like private or sensitive data. */
export function secretFieldPaths(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => secretFieldPaths(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([name, inner]) => [
    ...(SECRET_FIELD.test(name) ? [`${path}.${name}`] : []),
    ...secretFieldPaths(inner, `${path}.${name}`),
  ]);
}

export function expectNoSecretFields(value: unknown, where: string): void {
  expect(secretFieldPaths(value), `private or sensitive fields in ${where}`).toEqual([]);
}

export const ids = (items: { id: string }[]) => items.map((item) => item.id);

export function expectUnique(values: string[], where: string): void {
  const seen = new Set<string>();
  const repeated = values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
  expect(repeated, `records repeated in ${where}`).toEqual([]);
}

/**
 * Data the embedded demo guarantees (issue 2: carried-forward halqas, inactive halqas, replaced
 * assignments…). Missing there, it is a failure; missing on an external school, the test skips.
 */
export function demoHas(context: { skip: (note?: string) => never }, condition: false, what: string): never;
export function demoHas(context: { skip: (note?: string) => never }, condition: boolean, what: string): void;
export function demoHas(context: { skip: (note?: string) => never }, condition: boolean, what: string): void {
  if (condition) return;
  if (engine === "external") context.skip(`the school under test has no ${what}`);
  expect.fail(`the embedded demo must have ${what}`);
}
