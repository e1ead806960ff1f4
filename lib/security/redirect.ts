/**
 * A path of this site to send someone back to, or null. Accepts only an absolute path
 * (`/halqas?semester=x`): never a scheme, a host, `//host` or `/\host`, which browsers would treat as
 * another site.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return null;
    url.searchParams.delete("_rsc");
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The path and query of a same-origin Referer (where a form was submitted from), else null. */
export function refererPath(referer: string | null, host: string | null): string | null {
  if (!referer || !host) return null;
  try {
    const url = new URL(referer);
    if (url.host !== host) return null;
    return safeLocalPath(`${url.pathname}${url.search}`);
  } catch {
    return null;
  }
}
