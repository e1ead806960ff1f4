import { beforeAll, describe, expect, it } from "vitest";
import { withKey } from "./admin";
import { as, call, expectError, pageOf } from "./http";
import { schoolOf } from "./fixtures";
import { SPEC_ENDPOINTS } from "./spec";
import { keys, lacksAdminRpc } from "./target";

/**
 * Keys issued through the school-admin RPC: each read scope guards exactly its endpoints (spec
 * part 5), a revoked key stops at once, and a key over its rate limit gets 429 rate_limited with
 * Retry-After (docs/contract.md). Each key is revoked afterwards.
 */

const READ_SCOPES = [
  ...new Set(SPEC_ENDPOINTS.filter((e) => e.method === "GET" && e.scope).map((e) => e.scope as string)),
];

describe.skipIf(lacksAdminRpc("admin"))("keys: scopes, revocation and rate limits", () => {
  const admin = as(keys.admin);
  let schoolId: string;
  let paths: Map<string, string>;
  beforeAll(async () => {
    schoolId = (await schoolOf(admin)).id;
    const first = async (path: string) =>
      pageOf<{ id: string }>(await admin.get(path, { limit: 1 })).data[0]?.id ?? "missing";
    const ids: Record<string, string> = {
      semesters: await first("/semesters"),
      halqas: await first("/halqas"),
      sheikhs: await first("/sheikhs"),
      students: await first("/students"),
      sessions: await first("/sessions"),
      "learning-plans": await first("/learning-plans"),
    };
    paths = new Map(
      SPEC_ENDPOINTS.filter((e) => e.method === "GET").map((e) => [
        e.path,
        e.path.replace("{id}", ids[e.path.split("/")[1] ?? ""] ?? "").replace("{number}", "1"),
      ]),
    );
  });

  it("the spec lists nine read scopes", () => {
    expect(READ_SCOPES.sort()).toEqual(
      [
        "attendance:read",
        "halqas:read",
        "learning_plans:read",
        "recitations:read",
        "school:read",
        "semesters:read",
        "sessions:read",
        "sheikhs:read",
        "students:read",
      ].sort(),
    );
  });

  it.for(READ_SCOPES)("a key with only %s reads exactly its endpoints (and Surahs)", async (scope) => {
    await withKey(schoolId, { scopes: [scope] }, async ({ key }) => {
      for (const endpoint of SPEC_ENDPOINTS.filter((e) => e.method === "GET")) {
        const response = await as(key).get(paths.get(endpoint.path)!);
        if (endpoint.scope === null || endpoint.scope === scope) {
          expect(response.status, `${endpoint.path} with ${scope}: ${response.text.slice(0, 200)}`).toBe(200);
        } else {
          expect(expectError(response, 403, "insufficient_scope").details?.required_scope, endpoint.path).toBe(
            endpoint.scope,
          );
        }
      }
    });
  });

  it("a write scope without its read scope writes but does not read", async () => {
    await withKey(schoolId, { scopes: ["sessions:write"] }, async ({ key }) => {
      const error = expectError(await as(key).get("/sessions"), 403, "insufficient_scope");
      expect(error.details?.required_scope).toBe("sessions:read");
    });
  });

  it("a revoked key is refused at once", async () => {
    let revokedKey = "";
    await withKey(schoolId, { scopes: ["school:read"] }, async ({ key }) => {
      revokedKey = key;
      expect((await as(key).get("/school")).status).toBe(200);
    });
    expectError(await as(revokedKey).get("/school"), 401, "invalid_api_key");
    expectError(await as(revokedKey).get("/surahs"), 401, "invalid_api_key");
  });

  it("a key over its rate limit gets 429 rate_limited with Retry-After, other keys do not", async () => {
    await withKey(schoolId, { scopes: ["school:read"], rateLimitPerMinute: 3 }, async ({ key }) => {
      for (let i = 0; i < 3; i++) {
        const allowed = await call("/school", { key, retryRateLimited: false });
        expect(allowed.status).toBe(200);
        // IETF RateLimit fields (issue 12 §6): the key's quota and what is left of it.
        expect(allowed.headers.get("ratelimit-policy")).toMatch(/^"[\w-]+";q=3;w=60$/);
        expect(allowed.headers.get("ratelimit")).toMatch(new RegExp(`^"[\\w-]+";r=${2 - i};t=\\d+$`));
      }
      const limited = await call("/school", { key, retryRateLimited: false });
      expectError(limited, 429, "rate_limited");
      const retryAfter = limited.headers.get("retry-after");
      expect(retryAfter, "Retry-After header").toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(limited.headers.get("ratelimit")).toMatch(/^"[\w-]+";r=0;t=\d+$/);
      expectError(await call("/surahs", { key, retryRateLimited: false }), 429, "rate_limited");
      expect((await admin.get("/school")).status).toBe(200);
    });
  });
});
