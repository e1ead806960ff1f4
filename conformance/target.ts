/**
 * The server under test, from the environment only. Every conformance file reads its target
 * here, so the suite runs unchanged against the embedded API or any other base URL.
 *
 *   CONFORMANCE_BASE_URL        …/api/v1 (without it the whole suite is skipped)
 *   CONFORMANCE_ENGINE          pglite | postgres | external (informational)
 *   CONFORMANCE_KEY_ADMIN       every read and write scope
 *   CONFORMANCE_KEY_READONLY    every read scope
 *   CONFORMANCE_KEY_LEGACY      every scope except learning_plans:read
 *   CONFORMANCE_KEY_OTHER_SCHOOL another school: learning plans disabled, write access not effective
 *   CONFORMANCE_KEY_REVOKED / CONFORMANCE_KEY_EXPIRED
 *   CONFORMANCE_ADMIN_URL + CONFORMANCE_ADMIN_TOKEN  the school-admin RPC (policy tests)
 *
 * A test that needs a missing key is skipped, never failed.
 */
export type Engine = "pglite" | "postgres" | "external";

function read(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

export const baseUrl: string | undefined = read("CONFORMANCE_BASE_URL")?.replace(/\/+$/, "");

const engineValue = read("CONFORMANCE_ENGINE");
export const engine: Engine = engineValue === "pglite" || engineValue === "postgres" ? engineValue : "external";

export const keys = {
  admin: read("CONFORMANCE_KEY_ADMIN"),
  readonly: read("CONFORMANCE_KEY_READONLY"),
  legacy: read("CONFORMANCE_KEY_LEGACY"),
  otherSchool: read("CONFORMANCE_KEY_OTHER_SCHOOL"),
  revoked: read("CONFORMANCE_KEY_REVOKED"),
  expired: read("CONFORMANCE_KEY_EXPIRED"),
} as const;
export type KeyName = keyof typeof keys;

const adminUrl = read("CONFORMANCE_ADMIN_URL");
const adminToken = read("CONFORMANCE_ADMIN_TOKEN");
export const adminRpc: { url: string; token: string } | undefined =
  adminUrl && adminToken ? { url: adminUrl, token: adminToken } : undefined;

/** True when the test cannot run: no target, or one of the named keys is not supplied. */
export function lacks(...names: KeyName[]): boolean {
  return baseUrl === undefined || names.some((name) => keys[name] === undefined);
}

/** True when policy tests cannot run: they need the admin RPC besides the named keys. */
export function lacksAdminRpc(...names: KeyName[]): boolean {
  return lacks(...names) || adminRpc === undefined;
}

/** The key's value; only called inside tests guarded by `lacks`. */
export function key(name: KeyName): string {
  const value = keys[name];
  if (value === undefined) throw new Error(`CONFORMANCE_KEY for "${name}" is not set`);
  return value;
}

export function base(): string {
  if (baseUrl === undefined) throw new Error("CONFORMANCE_BASE_URL is not set");
  return baseUrl;
}

/** Generous timeouts for tests that walk whole collections. */
export const SLOW = 120_000;
