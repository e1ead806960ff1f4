import { z } from "zod";
import { comparePoints, pointProblem, SURAH_COUNT } from "@/lib/quran";

/** Opaque identifier: taken from responses, never constructed or parsed by a client. */
export const Id = z.string().min(1).max(255).meta({ description: "Opaque identifier, bound to one school." });
/** ISO-8601 UTC timestamp with a `Z` suffix; opaque to clients apart from ordering. */
/** The embedded server always writes UTC with milliseconds and `Z`; clients accept any ISO-8601 offset. */
export const Timestamp = z.iso.datetime({ offset: true }).meta({ description: "ISO-8601 timestamp; UTC with millisecond precision from the embedded server." });
/** Calendar date in the school's time zone. */
export const CalendarDate = z.iso.date().meta({ description: "YYYY-MM-DD, in the school's time zone." });

/**
 * An open set of states: the server only ever writes the known values, but a client must
 * accept a value it does not know (the spec does not promise the set is closed).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(known: T, description: string) {
  return z.string().min(1).meta({ description: `${description} Known values: ${known.join(", ")}; clients must tolerate others.` });
}

export const QuranPosition = z
  .object({
    surah: z.number().int().min(1).max(SURAH_COUNT),
    ayah: z.number().int().min(1),
  })
  .superRefine((point, ctx) => {
    const problem = pointProblem(point);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["ayah"] });
  })
  .meta({ id: "QuranPosition", description: "A real ayah of the Hafs mushaf: surah 1-114, ayah within that surah's count." });
export type QuranPosition = z.infer<typeof QuranPosition>;

/** A contiguous range in mushaf order, start at or before end; may span surahs. */
export const QuranRange = z
  .object({ start: QuranPosition, end: QuranPosition })
  .superRefine((range, ctx) => {
    if (pointProblem(range.start) || pointProblem(range.end)) return;
    if (comparePoints(range.start, range.end) > 0) {
      ctx.addIssue({ code: "custom", message: "end must not come before start in mushaf order", path: ["end"] });
    }
  })
  .meta({ id: "QuranRange" });
export type QuranRange = z.infer<typeof QuranRange>;

// ---------------------------------------------------------------- envelopes

export const Pagination = z
  .object({
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
    sync_watermark: Timestamp.optional().meta({
      description: "Pass as `updated_after` in the next complete cycle. Present on collections that accept `updated_after`.",
    }),
  })
  .meta({ id: "Pagination" });
export type Pagination = z.infer<typeof Pagination>;

export function single<T extends z.ZodType>(resource: T) {
  return z.object({ data: resource });
}

export function collection<T extends z.ZodType>(resource: T) {
  return z.object({ data: z.array(resource), pagination: Pagination });
}

/** The Surah collection is bounded and never paginated (spec rule 6). */
export function boundedCollection<T extends z.ZodType>(resource: T) {
  return z.object({ data: z.array(resource) });
}

// ---------------------------------------------------------------- errors

export const ERROR_STATUS = {
  bad_request: 400,
  invalid_api_key: 401,
  insufficient_scope: 403,
  school_suspended: 403,
  rollout_ineligible: 403,
  network_denied: 403,
  feature_unavailable: 403,
  write_access_disabled: 403,
  write_policy_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------- pagination query

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** Query strings arrive as text; numbers and booleans are parsed strictly. */
export const QueryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
export const QueryBool = z.enum(["true", "false"]).transform((value) => value === "true");

export const PageQuery = {
  limit: QueryInt(1, PAGE_LIMIT_MAX).optional().meta({ description: `Page size, 1-${PAGE_LIMIT_MAX}, default ${PAGE_LIMIT_DEFAULT}.` }),
  cursor: z.string().min(1).max(512).optional().meta({ description: "Opaque cursor from `pagination.next_cursor`." }),
};
export const SyncQuery = {
  updated_after: Timestamp.optional().meta({ description: "Only records changed after this watermark." }),
};
