import { describe, expect, it } from "vitest";
import { cacheKey, connectSchool } from "./connect";
import { normalizeBaseUrl } from "@/lib/v1/fetch";
import { errorReply, SCHOOL } from "@/tests/support/v1/fake-api";
import { caught, KEY, withFakeApi } from "@/tests/support/v1/harness";

const { api, client } = withFakeApi();

describe("tenant", () => {
  it("fetches GET /school once per client, even for concurrent callers", async () => {
    api().reply(() => ({ status: 200, json: { data: SCHOOL } }));
    const { client: c } = client();
    const [a, b] = await Promise.all([c.tenant(), c.tenant()]);
    const again = await c.tenant();
    expect(a).toEqual(SCHOOL);
    expect(b).toBe(a);
    expect(again).toBe(a);
    expect(api().requests.map((r) => r.url.pathname)).toEqual(["/api/v1/school"]);
  });

  it("does not remember a failure", async () => {
    let n = 0;
    api().reply(() => (n++ === 0 ? errorReply(500, "internal_error") : { status: 200, json: { data: SCHOOL } }));
    const { client: c } = client({ retry: { maxAttempts: 1 } });
    await expect(c.tenant()).rejects.toThrow();
    await expect(c.tenant()).resolves.toEqual(SCHOOL);
  });

  it("connectSchool confirms the tenant and keys caches by it", async () => {
    api().reply(() => ({ status: 200, json: { data: SCHOOL } }));
    const school = await connectSchool({ baseUrl: api().baseUrl, apiKey: KEY });
    expect(school.tenantId).toBe(SCHOOL.id);
    expect(school.school.name).toBe(SCHOOL.name);
    expect(school.key("students", { halqa_id: "hal_1" })).toEqual(["v1", SCHOOL.id, "students", { halqa_id: "hal_1" }]);
    await expect(school.tenant()).resolves.toEqual(SCHOOL);
    expect(api().requests).toHaveLength(1);
  });

  it("connectSchool fails with the typed error when the key is refused", async () => {
    api().reply(() => errorReply(401, "invalid_api_key", "The API key is revoked"));
    await expect(connectSchool({ baseUrl: api().baseUrl, apiKey: KEY })).rejects.toMatchObject({
      code: "invalid_api_key",
      status: 401,
    });
  });

  it("cacheKey keeps two schools apart and needs a tenant", () => {
    expect(cacheKey("sch_a", "students")).not.toEqual(cacheKey("sch_b", "students"));
    expect(() => cacheKey("", "students")).toThrow(TypeError);
  });
});

describe("configuration", () => {
  const misconfigured = expect.objectContaining({ code: "client_misconfigured" });

  it("normalizes the base URL and insists on TLS away from loopback", () => {
    expect(normalizeBaseUrl("https://school.example")).toBe("https://school.example/api/v1");
    expect(normalizeBaseUrl("https://school.example/api/v1/")).toBe("https://school.example/api/v1");
    expect(normalizeBaseUrl("https://school.example/tenant/x?y=1")).toBe("https://school.example/tenant/x/api/v1");
    expect(normalizeBaseUrl("http://localhost:3000")).toBe("http://localhost:3000/api/v1");
    expect(() => normalizeBaseUrl("http://school.example")).toThrow(misconfigured);
    expect(normalizeBaseUrl("http://school.example", true)).toBe("http://school.example/api/v1");
    expect(() => normalizeBaseUrl("ftp://school.example")).toThrow(misconfigured);
    expect(() => normalizeBaseUrl("not a url")).toThrow(misconfigured);
    expect(() => normalizeBaseUrl("https://user:pw@school.example")).toThrow(misconfigured);
  });

  it("refuses an empty key", async () => {
    const error = await caught(async () => client({ apiKey: "  " }));
    expect(error).toMatchObject({ code: "client_misconfigured" });
  });
});
