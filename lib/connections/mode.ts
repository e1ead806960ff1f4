import { DEMO_KEYS } from "@/school-api/seed-facts";

type Env = Record<string, string | undefined>;

/**
 * The one rule for embedded mode, asked by everything that exists only for the demo: the embedded
 * School API at /api/v1, the school-admin surface, the demo accounts and their hints on the sign-in
 * page. It is on only when no real school is configured, neither `SCHOOL_API_URL` nor
 * `SCHOOL_CONNECTIONS_FILE`; with either set, the demo is nowhere in the deployment.
 */
export function isEmbeddedMode(env: Env = process.env): boolean {
  return !env.SCHOOL_API_URL?.trim() && !env.SCHOOL_CONNECTIONS_FILE?.trim();
}

const DEMO_KEY_VALUES: ReadonlySet<string> = new Set(Object.values(DEMO_KEYS));

/** A key of the embedded demo (published in the README): never a real school's. */
export function isDemoKey(key: string): boolean {
  return DEMO_KEY_VALUES.has(key.trim());
}
