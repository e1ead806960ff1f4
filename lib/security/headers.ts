/**
 * Security headers of every HTML response, set by proxy.ts, and of every JSON response (`apiSecurityHeaders`). Pure functions (no Next.js imports) so
 * that they are unit tested and shared by the proxy and the tests.
 */

export type CspOptions = {
  /** Fresh for every request: Next.js reads it back from the request's CSP header and puts it on its scripts. */
  nonce: string;
  /** `next dev` only: React rebuilds server error stacks with eval, and the dev overlay injects styles. */
  dev: boolean;
  /** Outside loopback: ask the browser to fetch every subresource over https. */
  upgradeInsecureRequests: boolean;
  /**
   * Where a form may lead besides this origin: the OIDC provider's origin, because a sign-in form
   * submitted without JavaScript answers with a redirect there, and browsers apply form-action to it.
   */
  formActionOrigins?: readonly string[];
};

export function contentSecurityPolicy({
  nonce,
  dev,
  upgradeInsecureRequests,
  formActionOrigins = [],
}: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // 'strict-dynamic': scripts trusted by the nonce may load the app's chunks; host lists are ignored.
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // Style elements need the nonce (a nonce makes browsers ignore 'unsafe-inline'); the dev overlay
    // injects its own <style> elements, so development allows inline styles instead.
    ["style-src", "'self'", ...(dev ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`])],
    // style="" attributes cannot carry a nonce; they cannot run script, and components use them for widths.
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...formActionOrigins],
    ["frame-ancestors", "'none'"],
    ["frame-src", "'none'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
  ];
  const policy = directives.map((parts) => parts.join(" "));
  if (upgradeInsecureRequests) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Host names that are this machine: no HSTS there, or a browser would refuse plain http to localhost for a year. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return true;
  const name = hostnameOf(host);
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    name === "[::1]" ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "");
}

export type SecurityHeaderOptions = {
  nonce: string;
  host: string | null;
  dev: boolean;
  formActionOrigins?: readonly string[];
};

/** Everything but the CSP is the same for every response; HSTS only where https can be relied on. */
export function securityHeaders({
  nonce,
  host,
  dev,
  formActionOrigins,
}: SecurityHeaderOptions): Record<string, string> {
  const remote = !isLoopbackHost(host);
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy({
      nonce,
      dev,
      upgradeInsecureRequests: remote,
      formActionOrigins,
    }),
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (remote) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Every response that is not a page (JSON of /api/**): never sniffed as HTML, never stored by a
 * browser or a shared cache (it is one school's data, fetched with a key or a session), never framed.
 */
export function apiSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}

/** 128 random bits, base64: unguessable, and valid in a CSP nonce-source. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The OIDC provider's origin when single sign-on is configured (the same condition as auth.ts). */
export function oidcOrigin(env: Record<string, string | undefined> = process.env): string | null {
  if (!env.AUTH_OIDC_ISSUER || !env.AUTH_OIDC_ID || !env.AUTH_OIDC_SECRET) return null;
  try {
    return new URL(env.AUTH_OIDC_ISSUER).origin;
  } catch {
    return null;
  }
}
