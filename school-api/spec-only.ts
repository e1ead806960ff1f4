import type { Endpoint } from "@/lib/contract";

/**
 * `SCHOOL_API_FILTERS=spec-only`: the embedded API behaves like a real school's API that honours
 * only what the spec names. Query parameters the spec does not give are ignored (not refused), and
 * every record carries fields the contract does not know, as a richer API's would. The dashboard
 * must still be right (invariant 7); e2e/spec-only.spec.ts runs it against this mode.
 */
export type FilterMode = "strict" | "spec-only";

export function filterModeFromEnv(env: NodeJS.ProcessEnv = process.env): FilterMode {
  return env.SCHOOL_API_FILTERS === "spec-only" ? "spec-only" : "strict";
}

/** The spec's filter names, and our cursor (the spec leaves the cursor's name to us). `limit` is not among them. */
const SPEC_QUERY_NAMES = new Set(["status", "student_id", "updated_after", "cursor"]);

/** A copy of `url` keeping only the spec's parameter names this endpoint takes; the rest are dropped silently. */
export function specOnlyUrl(endpoint: Endpoint, url: URL): URL {
  const accepted = "shape" in endpoint.query ? Object.keys(endpoint.query.shape as object) : [];
  const kept = new URL(url);
  for (const name of new Set(url.searchParams.keys())) {
    if (!SPEC_QUERY_NAMES.has(name) || !accepted.includes(name)) kept.searchParams.delete(name);
  }
  return kept;
}

/** Fields of a richer API, at the top level of each record. */
export const VENDOR_FIELDS = {
  x_vendor_note: "imported from the school's office system",
  legacy_code: 7,
  x_audit: { source: "office", revision: 3 },
} as const;

/** The payload with vendor fields added to each record of `data` (and to an attendance upsert's rows); never mutates it (list pages may be cached). */
export function withVendorFields(payload: unknown): unknown {
  if (!isObject(payload) || !("data" in payload)) return payload;
  const { data } = payload;
  return { ...payload, data: Array.isArray(data) ? data.map(decorate) : decorate(data) };
}

function decorate(record: unknown): unknown {
  if (!isObject(record)) return record;
  const rows = Array.isArray(record.rows) ? { rows: record.rows.map(decorate) } : {};
  return { ...VENDOR_FIELDS, ...record, ...rows };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
