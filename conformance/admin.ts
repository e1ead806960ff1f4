import { expect } from "vitest";
import { adminRpc } from "./target";

/**
 * The school-admin RPC (the school's own application: policies, keys, plan replacement), which
 * the API itself does not offer. Only the policy and plan-history tests use it; they skip when
 * CONFORMANCE_ADMIN_URL / CONFORMANCE_ADMIN_TOKEN are not given.
 */

export type SchoolPolicy = {
  id: string;
  name: string;
  suspended: boolean;
  writeRolloutEligible: boolean;
  writeAccessEnabled: boolean;
  allowedWriteScopes: string[] | null;
  allowedNetworks: string[] | null;
  learningPlansEnabled: boolean;
  publicationPolicy: string;
  automationPaused: boolean;
};
export type PolicyChanges = Partial<Omit<SchoolPolicy, "id" | "name">>;
export type IssuedKey = { id: string; key: string; scopes: string[]; rateLimitPerMinute: number | null };

export async function adminOp<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
  if (!adminRpc) throw new Error("the admin RPC is not configured");
  const response = await fetch(adminRpc.url, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${adminRpc.token}`,
      "Content-Type": "application/json",
      Accept: "application/json",
    },
    body: JSON.stringify({ op, ...args }),
  });
  const text = await response.text();
  expect(response.status, `admin ${op} ${JSON.stringify(args)} -> ${response.status} ${text.slice(0, 500)}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

export async function schoolPolicy(schoolId: string): Promise<SchoolPolicy> {
  const school = (await adminOp<SchoolPolicy[]>("list-schools")).find((entry) => entry.id === schoolId);
  if (!school) throw new Error(`the admin RPC does not know school ${schoolId}`);
  return school;
}

/** Runs `body` with the school's policy changed, then puts back exactly the fields it changed. */
export async function withPolicy<T>(schoolId: string, changes: PolicyChanges, body: () => Promise<T>): Promise<T> {
  const before = await schoolPolicy(schoolId);
  const restore = Object.fromEntries(Object.keys(changes).map((name) => [name, before[name as keyof PolicyChanges]]));
  await adminOp("set-school-policy", { schoolId, ...changes });
  try {
    return await body();
  } finally {
    await adminOp("set-school-policy", { schoolId, ...restore });
  }
}

/** Issues a key for the test and revokes it afterwards, whatever happens. */
export async function withKey<T>(
  schoolId: string,
  options: { scopes: string[]; rateLimitPerMinute?: number },
  body: (key: IssuedKey) => Promise<T>,
): Promise<T> {
  const issued = await adminOp<IssuedKey>("create-api-key", {
    schoolId,
    name: `conformance ${Date.now()}`,
    ...options,
  });
  try {
    return await body(issued);
  } finally {
    await adminOp("revoke-api-key", { keyId: issued.id });
  }
}
