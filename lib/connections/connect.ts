import "server-only";
import type { School } from "@/lib/contract";
import { createV1Client, type V1Client, type V1ClientOptions } from "@/lib/v1";

export type CacheKeyPart =
  string | number | boolean | null | Readonly<Record<string, string | number | boolean | null | undefined>>;
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
