import { beforeAll, describe, expect, it } from "vitest";
import { as, call, dataOf, expectError, pageOf, type Client } from "./http";
import { PLAN_ENDPOINTS, SPEC_ENDPOINTS, WRITE_ENDPOINTS, type SpecEndpoint } from "./spec";
import { key, keys, lacks } from "./target";

/** Spec part 5 (scopes), rules 8 and 9, and the check order: scope before policy before the handler. */

type Known = Record<"semesters" | "halqas" | "sheikhs" | "students" | "sessions", string> & { plan?: string };

async function knownIds(client: Client): Promise<Known> {
  const first = async (path: string) => {
    const id = pageOf<{ id: string }>(await client.get(path, { limit: 1 })).data[0]?.id;
    if (!id) throw new Error(`the school needs at least one record at ${path}`);
    return id;
  };
  const [semesters, halqas, sheikhs, students, sessions] = await Promise.all(
    ["/semesters", "/halqas", "/sheikhs", "/students", "/sessions"].map(first),
  );
  return { semesters: semesters!, halqas: halqas!, sheikhs: sheikhs!, students: students!, sessions: sessions! };
}

function concrete(endpoint: SpecEndpoint, known: Known): string {
  const collection = endpoint.path.split("/")[1] ?? "";
  const id =
    collection === "learning-plans"
      ? (known.plan ?? "lp_conformance_missing")
      : (known[collection as keyof Known] ?? "");
  return endpoint.path.replace("{id}", id).replace("{number}", "1");
}

/** Bodies that would be plausible, so the only reason to refuse is the one under test. */
function bodyFor(endpoint: SpecEndpoint, known: Known): unknown {
  if (endpoint.path === "/students") return { halqa_id: "hlq_conformance", full_name: "Conformance Student" };
  if (endpoint.path === "/students/{id}") return { preferred_name: "Conformance" };
  if (endpoint.path === "/sessions") return { halqa_id: "hlq_conformance", sheikh_id: "shk_conformance" };
  if (endpoint.path === "/sessions/{id}") return { topic: "Conformance" };
  if (endpoint.path.endsWith("/attendance")) return { rows: [{ student_id: known.students, status: "present" }] };
  if (endpoint.path.endsWith("/recitations")) {
    return {
      student_id: known.students,
      kind: "new_memorization",
      start: { surah: 1, ayah: 1 },
      end: { surah: 1, ayah: 7 },
      rating: 1,
    };
  }
  return undefined;
}

const send = (client: string, endpoint: SpecEndpoint, known: Known) =>
  call(concrete(endpoint, known), { method: endpoint.method, key: client, body: bodyFor(endpoint, known) });

describe.skipIf(lacks("readonly"))("scopes: a read-only key never writes", () => {
  let known: Known;
  beforeAll(async () => {
    known = await knownIds(as(key("readonly")));
    known.plan = pageOf<{ id: string }>(await as(key("readonly")).get("/learning-plans", { limit: 1 })).data[0]?.id;
  });

  it.for(WRITE_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s is 403 insufficient_scope naming its write scope",
    async ([, endpoint]) => {
      const error = expectError(await send(key("readonly"), endpoint, known), 403, "insufficient_scope");
      expect(error.details?.required_scope).toBe(endpoint.scope);
    },
  );

  it("the scope is checked before the record is looked up", async () => {
    const error = expectError(
      await as(key("readonly")).post("/sessions/ses_conformance_missing/end"),
      403,
      "insufficient_scope",
    );
    expect(error.details?.required_scope).toBe("sessions:write");
  });

  it("every read endpoint answers the read-only key", async () => {
    for (const endpoint of SPEC_ENDPOINTS.filter((e) => e.method === "GET")) {
      const response = await as(key("readonly")).get(concrete(endpoint, known));
      expect(response.status, `${endpoint.method} ${endpoint.path}: ${response.text.slice(0, 300)}`).toBe(200);
    }
  });
});

describe.skipIf(lacks("legacy"))("scopes: a legacy key does not gain learning_plans:read", () => {
  let known: Known;
  beforeAll(async () => {
    known = await knownIds(as(key("legacy")));
    if (keys.admin)
      known.plan = pageOf<{ id: string }>(await as(keys.admin).get("/learning-plans", { limit: 1 })).data[0]?.id;
  });

  it.for(PLAN_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
    "GET %s is 403 insufficient_scope learning_plans:read",
    async ([, endpoint]) => {
      const error = expectError(await as(key("legacy")).get(concrete(endpoint, known)), 403, "insufficient_scope");
      expect(error.details?.required_scope).toBe("learning_plans:read");
    },
  );

  it("every other read works with the legacy key", async () => {
    for (const path of ["/school", "/semesters", "/halqas", "/sheikhs", "/students", "/sessions", "/surahs"]) {
      const response = await as(key("legacy")).get(path);
      expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBe(200);
    }
  });
});

describe.skipIf(lacks("otherSchool"))(
  "scopes: school B has learning plans disabled and write access not effective",
  () => {
    let known: Known;
    beforeAll(async () => {
      known = await knownIds(as(key("otherSchool")));
    });

    it.for(PLAN_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
      "GET %s is 403 feature_unavailable with details.feature learning_plans",
      async ([, endpoint]) => {
        const error = expectError(
          await as(key("otherSchool")).get(concrete(endpoint, known)),
          403,
          "feature_unavailable",
        );
        expect(error.details?.feature).toBe("learning_plans");
      },
    );

    it.for(WRITE_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
      "%s is 403 write_access_disabled",
      async ([, endpoint]) => {
        expectError(await send(key("otherSchool"), endpoint, known), 403, "write_access_disabled");
      },
    );

    it("the write policy is checked before the body is validated", async () => {
      expectError(await as(key("otherSchool")).post("/students", { nonsense: true }), 403, "write_access_disabled");
    });

    it("reads stay allowed: read eligibility does not depend on write eligibility", async () => {
      for (const path of ["/school", "/students", "/sessions", "/surahs"]) {
        const response = await as(key("otherSchool")).get(path);
        expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBe(200);
      }
    });
  },
);

describe.skipIf(lacks())("scopes: Surahs need only a valid key", () => {
  it.for((["admin", "readonly", "legacy", "otherSchool"] as const).map((name) => [name] as const))(
    "the %s key reads /surahs and /surahs/1",
    async ([name], context) => {
      const value = keys[name];
      if (!value) return context.skip(`no ${name} key`);
      expect(dataOf<unknown[]>(await as(value).get("/surahs"))).toHaveLength(114);
      expect(dataOf<{ number: number }>(await as(value).get("/surahs/1")).number).toBe(1);
    },
  );

  it.for((["revoked", "expired"] as const).map((name) => [name] as const))(
    "the %s key is 401 on /surahs",
    async ([name], context) => {
      const value = keys[name];
      if (!value) return context.skip(`no ${name} key`);
      expectError(await as(value).get("/surahs"), 401, "invalid_api_key");
      expectError(await as(value).get("/surahs/2"), 401, "invalid_api_key");
    },
  );
});
