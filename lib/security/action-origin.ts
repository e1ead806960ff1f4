/**
 * Next.js refuses a server action posted from another origin by throwing, which answers 500 and
 * logs an unhandled error. The proxy refuses it first with a 403, by the same rule: an `Origin`
 * that is present and not this host (`x-forwarded-host`, else `host`, as Next compares) is refused.
 * A request without `Origin` is left to Next, which accepts it (old browsers).
 */
export function isCrossSiteAction(method: string, headers: Headers): boolean {
  return method === "POST" && headers.has("next-action") && isCrossOrigin(headers);
}

/** By the same rule, for a route handler that takes a POST of its own (the student import's upload). */
export function isCrossOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return false;
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0]!.trim().toLowerCase();
  try {
    return origin === "null" || new URL(origin).host.toLowerCase() !== host;
  } catch {
    return true;
  }
}
