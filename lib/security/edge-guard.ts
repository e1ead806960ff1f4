import { bodyLimitFor } from "./body-limit";

/**
 * What must be decided before Next.js reads a request, because Next.js itself would answer it with a
 * bare 500 and a stack trace in the log, or read a body of any size (README, "Limits"):
 * - a method Next.js cannot represent (`TRACE`, `CONNECT`, anything unknown): 405;
 * - a declared body larger than the route's limit: 413, before a byte of it is read;
 * - a page request with a body but no `Content-Length`: 411 (browsers always send one; a route
 *   handler under /api streams the body with a cap instead);
 * - a path whose percent-encoding is not UTF-8 (`%FF`, `%C0%AE`): the bad `%` is escaped, so the
 *   path names a record that does not exist and gets the ordinary not-found answer;
 * - a v1 query value that is not UTF-8: named in `BAD_QUERY_HEADER`, since Next.js hands route
 *   handlers a URL where `%FF` became U+FFFD, and the API answers 400.
 */
/** What the guard saw (app/api/refused/[reason]/route.ts answers each in the API's error shape). */
export type EdgeRefusal = "unknown_method" | "too_large" | "no_length";
export type EdgeDecision = { refuse: EdgeRefusal; limit?: number } | { url: string; badQuery: string | null };

export const BAD_QUERY_HEADER = "x-halqa-bad-query";
export const REFUSED_PATH = "/api/refused";

/** Where a refusal is answered (app/api/refused/[reason]/route.ts). */
export function refusedUrl(decision: { refuse: EdgeRefusal; limit?: number }): string {
  return `${REFUSED_PATH}/${decision.refuse}${decision.limit === undefined ? "" : `?limit=${decision.limit}`}`;
}
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const METHODS = new Set<string>(ALLOWED_METHODS);

type Headers = Record<string, string | string[] | undefined>;

export function edgeDecision(method: string, rawUrl: string, headers: Headers): EdgeDecision {
  if (!METHODS.has(method)) return { refuse: "unknown_method" };
  const mark = rawUrl.indexOf("?");
  const path = mark < 0 ? rawUrl : rawUrl.slice(0, mark);
  const query = mark < 0 ? "" : rawUrl.slice(mark);
  const length = headers["content-length"];
  const limit = bodyLimitFor(path);
  if (typeof length === "string" && !(Number(length) <= limit)) return { refuse: "too_large", limit };
  const isApi = path === "/api" || path.startsWith("/api/");
  if (headers["transfer-encoding"] !== undefined && length === undefined && !isApi) return { refuse: "no_length" };
  const isV1 = path === "/api/v1" || path.startsWith("/api/v1/");
  return { url: escapeBadPercents(path) + query, badQuery: isV1 ? badQueryName(query) : null };
}

/** `%FF` → `%25FF`: each run of escapes that is not UTF-8, and each stray `%`, becomes literal text. */
export function escapeBadPercents(path: string): string {
  if (decodes(path)) return path;
  return path.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) =>
    run.length > 1 && decodes(run) ? run : run.replaceAll("%", "%25"),
  );
}

/** The first query parameter whose name or value is not valid percent-encoded UTF-8. */
export function badQueryName(query: string): string | null {
  for (const pair of query.replace(/^\?/, "").split("&")) {
    if (decodes(pair.replaceAll("+", " "))) continue;
    const name = pair.split("=")[0] ?? "";
    return /^[A-Za-z0-9_]{1,64}$/.test(name) ? name : "(query)";
  }
  return null;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
