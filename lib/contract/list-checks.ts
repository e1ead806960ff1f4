import type { EndpointName, QueryOf, ResponseOf } from "./endpoints";
import type { Pagination } from "./common";

/**
 * The spec names only `status`, `student_id` and `updated_after` as filters; every other filter
 * name in `queries.ts` is this project's choice, and a real school's API may ignore it and answer
 * with more records than asked for. So every list is re-checked by the records' own fields, here,
 * in one table: one entry per list endpoint, one rule per filter (the compiler insists on both).
 *
 * Not re-checked:
 * - `updated_after`: a record that comes again is harmless, the synchronization upserts by `id`;
 * - `cursor` and `limit`: paging, not filtering (a real API may ignore `limit`, so no caller may
 *   rely on a page's size; every traversal follows `next_cursor`).
 */
export const UNCHECKED_QUERY = ["updated_after", "cursor", "limit"] as const;

/** Endpoints whose response is a paginated collection. */
export type ListEndpointName = {
  [N in EndpointName]: ResponseOf<N> extends { pagination: Pagination } ? N : never;
}[EndpointName];

type ItemOf<N extends ListEndpointName> = ResponseOf<N>["data"][number];
type FieldOf<R> = keyof R & string;

/**
 * How a sent value is checked against a record: a field name alone means the field equals the
 * value; `contains` looks in an array field; dates compare as `YYYY-MM-DD` text.
 */
export type FieldRule<R> = FieldOf<R> | { field: FieldOf<R>; test: "contains" | "on_or_after" | "on_or_before" };

type ListCheck<R, Q> = {
  query: { [K in Exclude<keyof Q, (typeof UNCHECKED_QUERY)[number]>]-?: FieldRule<R> };
  /** The path's parent id (`/sessions/{id}/attendance`) and the record field that must equal it. */
  params?: { id: FieldOf<R> };
};

export type ListChecks = { [N in ListEndpointName]: ListCheck<ItemOf<N>, QueryOf<N>> };

export const LIST_CHECKS: ListChecks = {
  listSemesters: { query: { status: "status" } },
  listHalqas: { query: { semester_id: "semester_id", active: "is_active", lineage_id: "lineage_id" } },
  listSheikhs: { query: { halqa_id: { field: "halqa_ids", test: "contains" } } },
  listStudents: {
    query: { status: "status", halqa_id: "halqa_id", semester_id: "semester_id", lineage_id: "lineage_id" },
  },
  listSessions: {
    query: {
      halqa_id: "halqa_id",
      sheikh_id: "sheikh_id",
      semester_id: "semester_id",
      status: "status",
      date_from: { field: "date", test: "on_or_after" },
      date_to: { field: "date", test: "on_or_before" },
    },
  },
  listAttendance: { query: { status: "status" }, params: { id: "session_id" } },
  listSessionRecitations: { query: { student_id: "student_id", kind: "kind" }, params: { id: "session_id" } },
  listStudentRecitations: { query: { kind: "kind" }, params: { id: "student_id" } },
  listPlans: { query: { status: "status", student_id: "student_id" } },
  listAssignments: { query: { status: "status" }, params: { id: "plan_id" } },
};

/** What a list was asked for, as the client sent it (query values may be numbers or booleans). */
export type ListRequest = { query?: object; params?: object };

/** The items whose own fields match every filter and path relation of `request`. */
export function keepMatching<T>(name: ListEndpointName, request: ListRequest, items: readonly T[]): T[] {
  const rules = rulesOf(name, request);
  if (rules.length === 0) return [...items];
  return items.filter((item) => rules.every(([rule, sent]) => passes(rule, sent, item)));
}

type LooseRule = string | { field: string; test: "contains" | "on_or_after" | "on_or_before" };

function rulesOf(name: ListEndpointName, request: ListRequest): [LooseRule, string][] {
  const check: { query: Record<string, LooseRule>; params?: { id: string } } = LIST_CHECKS[name];
  const rules: [LooseRule, string][] = [];
  for (const [filter, sent] of Object.entries(request.query ?? {})) {
    if (sent === undefined || sent === null || (UNCHECKED_QUERY as readonly string[]).includes(filter)) continue;
    const rule = check.query[filter];
    // A filter the table does not know cannot be checked, so it must not be trusted either.
    if (rule === undefined)
      throw new TypeError(`No record check for filter "${filter}" of ${name} (lib/contract/list-checks.ts)`);
    rules.push([rule, String(sent)]);
  }
  const parent: unknown = (request.params as Record<string, unknown> | undefined)?.id;
  if (check.params && parent !== undefined) rules.push([check.params.id, String(parent)]);
  return rules;
}

function passes(rule: LooseRule, sent: string, item: unknown): boolean {
  const { field, test } = typeof rule === "string" ? { field: rule, test: "equals" as const } : rule;
  const value = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[field] : undefined;
  switch (test) {
    case "equals":
      return isScalar(value) && String(value) === sent;
    case "contains":
      return Array.isArray(value) && value.some((entry) => isScalar(entry) && String(entry) === sent);
    case "on_or_after":
      return typeof value === "string" && value >= sent;
    case "on_or_before":
      return typeof value === "string" && value <= sent;
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}
