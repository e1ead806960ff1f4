import { eq } from "drizzle-orm";
import { addressInList, cidrList, normalizeAddress } from "@/lib/security/client-address";
import { isWriteScope, type Endpoint } from "@/lib/contract";
import type { Db } from "./db/client";
import { apiKeys, schools } from "./db/schema";
import { ApiError } from "./errors";
import type { KeyRow, SchoolRow } from "./context";
import { hashKey } from "./key-hash";

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]{8,256}=*)$/;
const URL_CREDENTIALS = ["api_key", "apikey", "key", "token", "access_token", "authorization", "bearer", "secret"];

const invalidKey = (why: string) =>
  new ApiError(
    "invalid_api_key",
    `The API key is ${why}. Send a valid school key as 'Authorization: Bearer <API_KEY>'.`,
  );

/** Credentials belong in the Authorization header only: never in a URL (where they end up in logs). */
export function rejectCredentialsInUrl(url: URL): void {
  for (const name of url.searchParams.keys()) {
    if (URL_CREDENTIALS.includes(name.toLowerCase())) {
      throw new ApiError(
        "bad_request",
        "Credentials must not be sent in the URL; use the Authorization header. Rotate a key that was sent this way.",
        { parameter: name },
      );
    }
  }
}

type Resolved = { key: KeyRow; school: SchoolRow };

/**
 * Keys and their schools are read on every request, so they are kept for a moment: the school's
 * own operations in this process (revocation, policy changes) clear the cache at once; another
 * instance on the same PostgreSQL sees a change within KEY_CACHE_MS.
 */
const KEY_CACHE_MS = 2_000;
const keyCache = new Map<string, { until: number; found: Resolved | undefined }>();

export function forgetCachedKeys(): void {
  keyCache.clear();
}

async function lookUp(db: Db, keyHash: string, nowMs: number): Promise<Resolved | undefined> {
  const hit = keyCache.get(keyHash);
  if (hit && hit.until > nowMs) return hit.found;
  const rows = await db
    .select({ key: apiKeys, school: schools })
    .from(apiKeys)
    .innerJoin(schools, eq(schools.id, apiKeys.schoolId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (keyCache.size > 10_000) keyCache.clear();
  keyCache.set(keyHash, { until: nowMs + KEY_CACHE_MS, found: rows[0] });
  return rows[0];
}

/** Resolves the key and its school, or throws 401. The key itself is never logged or echoed. */
export async function authenticate(db: Db, header: string | null, now: Date): Promise<Resolved> {
  if (!header) throw invalidKey("missing");
  if (header.includes(",")) throw invalidKey("malformed (send exactly one Authorization header)");
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) throw invalidKey("malformed");
  const found = await lookUp(db, hashKey(match[1]), now.getTime());
  if (!found) throw invalidKey("unknown");
  if (found.key.revokedAt) throw invalidKey("revoked");
  if (found.key.expiresAt && found.key.expiresAt <= now) throw invalidKey("expired");
  return found;
}

function networkAllowed(cidrs: string[], clientIp: string | null): boolean {
  const ip = normalizeAddress(clientIp);
  if (!ip) return false;
  try {
    return addressInList(cidrList(cidrs), ip);
  } catch {
    return false;
  }
}

/**
 * Scope first, then the school's policies, each with its own code (spec part 7). Reads never
 * imply writes: a write needs its scope, rollout eligibility, effective write access and a
 * current scope policy that allows it (spec rule 9).
 */
export function authorize(endpoint: Endpoint, key: KeyRow, school: SchoolRow, clientIp: string | null): void {
  const scope = endpoint.scope;
  if (scope && !key.scopes.includes(scope)) {
    throw new ApiError(
      "insufficient_scope",
      `This key lacks the '${scope}' scope. Scopes of a key never change: rotate the key to one that has it.`,
      { required_scope: scope },
    );
  }
  if (school.suspended) throw new ApiError("school_suspended", "API access for this school is suspended.");
  if (school.allowedNetworks && !networkAllowed(school.allowedNetworks, clientIp)) {
    throw new ApiError("network_denied", "Requests from this network are not allowed by the school's network control.");
  }
  if (endpoint.feature === "learning_plans" && !school.learningPlansEnabled) {
    throw new ApiError("feature_unavailable", "Learning Plans are not enabled for this school.", {
      feature: "learning_plans",
    });
  }
  if (scope && isWriteScope(scope)) {
    if (!school.writeRolloutEligible)
      throw new ApiError(
        "rollout_ineligible",
        "Write access through the API has not been rolled out to this school yet.",
      );
    if (!school.writeAccessEnabled)
      throw new ApiError(
        "write_access_disabled",
        "Write access is not effective for this school; the API is read-only for it.",
      );
    if (school.allowedWriteScopes && !school.allowedWriteScopes.includes(scope)) {
      throw new ApiError("write_policy_denied", `The school's current scope policy does not allow '${scope}'.`, {
        scope,
      });
    }
  }
}
