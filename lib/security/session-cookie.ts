/**
 * Auth.js names its cookies by the request's scheme: on https the session cookie is
 * `__Secure-authjs.session-token` and the CSRF cookie `__Host-authjs.csrf-token` (Secure, and for
 * `__Host-` also Path=/ and no Domain), on plain http (localhost) the same names without prefix.
 * A large session is split into `.0`, `.1`, … chunks.
 */
const SESSION_COOKIE = /^(?:__Secure-)?authjs\.session-token(?:\.\d+)?$/;

/**
 * Only whether a session cookie is present: an optimistic check for proxy.ts. Whether it is valid,
 * whose it is and what they may do is decided by pages and actions (requireActor, can.*).
 */
export function hasSessionCookie(names: Iterable<string>): boolean {
  for (const name of names) if (SESSION_COOKIE.test(name)) return true;
  return false;
}
