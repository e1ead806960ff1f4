import { z } from "zod";
import { comparePoints, pointProblem, SURAH_COUNT } from "@/lib/quran";

// ---------------------------------------------------------------- text, dates, integers

/** What PostgreSQL cannot store in text (NUL) and what is not Unicode (a lone surrogate from `\ud800` in JSON). */
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const wellFormed = (schema: z.ZodString) =>
  schema.refine((value) => !BAD_TEXT.test(value), "must not contain NUL characters or unpaired surrogates");

/** Any text of the contract: bounded, no NUL, well-formed Unicode. */
export const text = (max: number) => wellFormed(z.string().max(max, `must be at most ${max} characters`));

/** Opaque identifier: taken from responses, never constructed or parsed by a client. */
export const Id = text(255).min(1).meta({ description: "Opaque identifier, bound to one school." });

/** Dates and timestamps outside these years are refused: nothing real is there, and the database cannot store year 0. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
const inYears = (year: number) => year >= YEAR_MIN && year <= YEAR_MAX;
const yearsMessage = `must be within the years ${YEAR_MIN}-${YEAR_MAX}`;

/** ISO-8601 UTC timestamp with a `Z` suffix; opaque to clients apart from ordering. */
/** The embedded server always writes UTC with milliseconds and `Z`; clients accept any ISO-8601 offset. */
export const Timestamp = z.iso
  .datetime({ offset: true })
  .max(40)
  .refine((value) => inYears(new Date(value).getUTCFullYear()), yearsMessage)
  .meta({
    description: `ISO-8601 timestamp, years ${YEAR_MIN}-${YEAR_MAX}; UTC with millisecond precision from the embedded server.`,
  });
/** Calendar date in the school's time zone. */
export const CalendarDate = z.iso
  .date()
  .max(10)
  .refine((value) => inYears(Number(value.slice(0, 4))), yearsMessage)
  .meta({ description: `YYYY-MM-DD, years ${YEAR_MIN}-${YEAR_MAX}, in the school's time zone.` });

/** Integers the database stores as 32-bit; the format tells clients so. */
export const Int32 = z.int32().meta({ format: "int32" });

/**
 * An open set of states: the server only ever writes the known values, but a client must
 * accept a value it does not know (the spec does not promise the set is closed).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(known: T, description: string) {
  return text(64)
    .min(1)
    .meta({ description: `${description} Known values: ${known.join(", ")}; clients must tolerate others.` });
}

const positionShape = {
  surah: Int32.min(1).max(SURAH_COUNT),
  ayah: Int32.min(1).max(286),
};
const realAyah = (point: { surah: number; ayah: number }, ctx: z.RefinementCtx) => {
  const problem = pointProblem(point);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["ayah"] });
};
const positionDescription = "A real ayah of the Hafs mushaf: surah 1-114, ayah within that surah's count.";

/** A position in a response: a school may add fields to it, which clients ignore. */
export const QuranPosition = z
  .object(positionShape)
  .superRefine(realAyah)
  .meta({ id: "QuranPosition", description: positionDescription });
/** A position in a request body: strict like the body, so `{"surah": 2, "ayah": 1, "juz": 1}` is refused, not trimmed. */
export const QuranPositionInput = z
  .strictObject(positionShape)
  .superRefine(realAyah)
  .meta({ id: "QuranPositionInput", description: `${positionDescription} No other field.` });
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
    next_cursor: text(512).nullable(),
    has_more: z.boolean(),
    sync_watermark: Timestamp.optional().meta({
      description:
        "Pass as `updated_after` in the next complete cycle. Present on collections that accept `updated_after`.",
    }),
  })
  .meta({ id: "Pagination" });
export type Pagination = z.infer<typeof Pagination>;

export function single<T extends z.ZodType>(resource: T) {
  return z.object({ data: resource });
}

export function collection<T extends z.ZodType>(resource: T) {
  return z.object({ data: z.array(resource).max(PAGE_LIMIT_MAX), pagination: Pagination });
}

/** The Surah collection is bounded and never paginated (spec rule 6). */
export function boundedCollection<T extends z.ZodType>(resource: T, max: number) {
  return z.object({ data: z.array(resource).max(max) });
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
      code: text(64),
      message: text(1000),
      details: z.record(text(200), z.unknown()).optional(),
    }),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

// ---------------------------------------------------------------- pagination query

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** Query strings arrive as text; numbers and booleans are parsed strictly. */
export const QueryInt = (min: number, max: number) =>
  z.string().max(12).regex(/^\d+$/, "must be a whole number").transform(Number).pipe(Int32.min(min).max(max));
export const QueryBool = z.enum(["true", "false"]).transform((value) => value === "true");

export const PageQuery = {
  limit: QueryInt(1, PAGE_LIMIT_MAX)
    .optional()
    .meta({ description: `Page size, 1-${PAGE_LIMIT_MAX}, default ${PAGE_LIMIT_DEFAULT}.` }),
  cursor: text(512).min(1).optional().meta({ description: "Opaque cursor from `pagination.next_cursor`." }),
};
export const SyncQuery = {
  updated_after: Timestamp.optional().meta({ description: "Only records changed after this watermark." }),
};
