import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { PAGE_LIMIT_DEFAULT, type Pagination } from "@/lib/contract";
import { ApiError } from "./errors";

/**
 * Cursor pagination over a stable order (an immutable, unique key). A traversal never skips or
 * repeats a record that exists throughout it, whatever is updated meanwhile. Cursors are signed,
 * bound to the filters they were issued for, and carry the traversal's sync watermark.
 */
type CursorState = { k: string; w: string; f: string };

/** Writes commit within this long; the watermark steps back by it so no commit slips between cycles. */
const WATERMARK_SLACK_MS = 5_000;

function secret(): string {
  return process.env.SCHOOL_API_CURSOR_SECRET ?? "embedded-school-api-cursor";
}

function sign(payload: string): string {
  return createHmac("sha256", secret()).update(payload).digest("base64url").slice(0, 22);
}

function encode(state: CursorState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

const badCursor = () =>
  new ApiError("bad_request", "The cursor is not valid for this request; start the traversal again without a cursor", {
    fields: { cursor: "invalid or issued for other filters" },
  });

function decode(cursor: string, fingerprint: string): CursorState {
  const [payload, signature] = cursor.split(".");
  if (!payload || !signature) throw badCursor();
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badCursor();
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const s = state as Partial<CursorState>;
  if (typeof s.k !== "string" || typeof s.w !== "string" || s.f !== fingerprint) throw badCursor();
  return s as CursorState;
}

/** Fingerprint of the school and the filters (everything but limit and cursor): another school's cursor is refused. */
function fingerprintOf(school: string, scope: string, query: Record<string, unknown>): string {
  const filters = Object.entries(query)
    .filter(([name, value]) => name !== "limit" && name !== "cursor" && value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256")
    .update(JSON.stringify([school, scope, filters]))
    .digest("base64url")
    .slice(0, 16);
}

export type PageRequest = { limit?: number; cursor?: string } & Record<string, unknown>;

/**
 * Runs one page: `fetchAfter(afterKey, n)` must return up to `n` rows ordered by the key,
 * strictly after `afterKey` (null for the first page).
 */
export async function paginate<T>(options: {
  /** The key's school: a cursor is bound to it. */
  school: string;
  scope: string;
  query: PageRequest;
  now: Date;
  key: (row: T) => string;
  fetchAfter: (afterKey: string | null, n: number) => Promise<T[]>;
  withWatermark?: boolean;
}): Promise<{ data: T[]; pagination: Pagination }> {
  const { query } = options;
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  const fingerprint = fingerprintOf(options.school, options.scope, query);
  const state = query.cursor ? decode(query.cursor, fingerprint) : null;
  const watermark = state?.w ?? new Date(options.now.getTime() - WATERMARK_SLACK_MS).toISOString();
  const rows = await options.fetchAfter(state?.k ?? null, limit + 1);
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1];
  const pagination: Pagination = {
    next_cursor: hasMore && last !== undefined ? encode({ k: options.key(last), w: watermark, f: fingerprint }) : null,
    has_more: hasMore,
  };
  if (options.withWatermark) pagination.sync_watermark = watermark;
  return { data, pagination };
}
