import "server-only";
import type { School } from "@/lib/contract";
import { createV1Client, type V1Client, type V1ClientOptions } from "./client";
import { V1ConfigError } from "./errors";

export type CacheKeyPart = string | number | boolean | null | Readonly<Record<string, string | number | boolean | null | undefined>>;
export type CacheKey = readonly ["v1", string, ...CacheKeyPart[]];

/** Every cache and query key starts with the tenant confirmed by `GET /school`, so two schools never share an entry. */
export function cacheKey(tenantId: string, ...parts: CacheKeyPart[]): CacheKey {
  if (!tenantId) throw new TypeError("cacheKey needs the tenant id confirmed by GET /school");
  return ["v1", tenantId, ...parts];
}

export type SchoolConnection = V1Client & {
  /** The school profile read when connecting. */
  school: School;
  tenantId: string;
  key(...parts: CacheKeyPart[]): CacheKey;
};

/** A client whose tenant is already confirmed; fails with the API's typed error when the key is refused. */
export async function connectSchool(options: V1ClientOptions): Promise<SchoolConnection> {
  const client = createV1Client(options);
  const school = await client.tenant();
  return { ...client, school, tenantId: school.id, key: (...parts) => cacheKey(school.id, ...parts) };
}

export type SchoolConnectionConfig = Pick<V1ClientOptions, "baseUrl" | "apiKey" | "allowInsecureHttp"> & {
  mode: "embedded" | "remote";
};

export const EMBEDDED_DEMO_KEY = "demo_alnoor_admin";

type Env = Record<string, string | undefined>;

/**
 * Where the dashboard's school lives. A real school sets `SCHOOL_API_URL` (its base URL, with or
 * without `/api/v1`) and `SCHOOL_API_KEY`. Without `SCHOOL_API_URL` the dashboard talks to its own
 * embedded API over loopback, with the demo admin key unless `SCHOOL_API_KEY` names another demo key.
 * `SCHOOL_API_ALLOW_INSECURE_HTTP=true` permits plain http to a non-loopback host (never in production).
 */
export function schoolConnectionFromEnv(env: Env = process.env): SchoolConnectionConfig {
  const url = env.SCHOOL_API_URL?.trim();
  const key = env.SCHOOL_API_KEY?.trim();
  if (url) {
    if (!key) throw new V1ConfigError("SCHOOL_API_URL is set but SCHOOL_API_KEY is not: a real school needs its own key");
    return { mode: "remote", baseUrl: url, apiKey: key, allowInsecureHttp: env.SCHOOL_API_ALLOW_INSECURE_HTTP === "true" };
  }
  const port = env.PORT?.trim() || "3000";
  return { mode: "embedded", baseUrl: `http://127.0.0.1:${port}/api/v1`, apiKey: key || EMBEDDED_DEMO_KEY };
}

export function connectSchoolFromEnv(overrides: Partial<Omit<V1ClientOptions, "baseUrl" | "apiKey">> = {}): Promise<SchoolConnection> {
  const { baseUrl, apiKey, allowInsecureHttp } = schoolConnectionFromEnv();
  return connectSchool({ ...overrides, baseUrl, apiKey, allowInsecureHttp });
}
