import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, call, errorOf, expectError, rawRequest, type ApiResponse } from "./http";
import { key, lacks } from "./target";

/** Spec part 5 and part 7: exactly one bearer header; everything else is 401 invalid_api_key. */

const PROBES = ["/school", "/surahs", "/students"];

function expectNoLeak(response: { text: string; headers: Headers | Record<string, unknown> }, secret: string) {
  const headers =
    response.headers instanceof Headers ? [...response.headers.entries()] : Object.entries(response.headers);
  expect(response.text.includes(secret), "the key must not appear in the response body").toBe(false);
  expect(JSON.stringify(headers).includes(secret), "the key must not appear in response headers").toBe(false);
}

describe.skipIf(lacks())("auth: missing, malformed and unknown credentials", () => {
  it.each(PROBES)("GET %s without Authorization is 401 invalid_api_key", async (path) => {
    expectError(await call(path), 401, "invalid_api_key");
  });

  it("a write without Authorization is 401, not a validation error", async () => {
    expectError(await call("/students", { method: "POST", body: {} }), 401, "invalid_api_key");
  });

  it.each([
    ["scheme only", "Bearer"],
    ["scheme and blank", "Bearer    "],
    ["basic scheme", "Basic ZGVtbzpkZW1v"],
    ["token scheme", "Token abcdef"],
    ["no scheme", "abcdef123456"],
    ["two tokens", "Bearer abc def"],
  ])("a malformed header (%s) is 401 invalid_api_key", async (_name, header) => {
    expectError(await call("/school", { headers: { Authorization: header } }), 401, "invalid_api_key");
  });

  it("an unknown key is 401 invalid_api_key and is not echoed", async () => {
    const unknown = `conformance_unknown_${randomUUID()}`;
    const response = await call("/school", { key: unknown });
    expectError(response, 401, "invalid_api_key");
    expectNoLeak(response, unknown);
  });

  it("the four 401 bodies carry the same code whatever the cause", async () => {
    const codes = await Promise.all(
      [
        call("/school"),
        call("/school", { key: "nope" }),
        call("/school", { headers: { Authorization: "Basic x" } }),
      ].map(async (pending) => {
        const response = await pending;
        return [response.status, errorOf(response).code];
      }),
    );
    expect(new Set(codes.map((entry) => entry.join(" "))).size).toBe(1);
  });
});

describe.skipIf(lacks("revoked"))("auth: revoked key", () => {
  it.each(PROBES)("GET %s with a revoked key is 401 invalid_api_key", async (path) => {
    expectError(await as(key("revoked")).get(path), 401, "invalid_api_key");
  });
});

describe.skipIf(lacks("expired"))("auth: expired key", () => {
  it.each(PROBES)("GET %s with an expired key is 401 invalid_api_key", async (path) => {
    expectError(await as(key("expired")).get(path), 401, "invalid_api_key");
  });
});

describe.skipIf(lacks("admin"))("auth: exactly one Authorization header", () => {
  it("a valid key is accepted (control)", async () => {
    expect((await as(key("admin")).get("/school")).status).toBe(200);
  });

  it.each([
    ["the same valid key twice", () => [`Bearer ${key("admin")}`, `Bearer ${key("admin")}`]],
    ["a valid key then an unknown one", () => [`Bearer ${key("admin")}`, "Bearer conformance_unknown"]],
    ["an unknown key then a valid one", () => ["Bearer conformance_unknown", `Bearer ${key("admin")}`]],
  ])("two Authorization headers (%s) are 401 invalid_api_key", async (_name, values) => {
    const response = await rawRequest("/school", "GET", { Accept: "application/json", Authorization: values() });
    const json = JSON.parse(response.text) as { error?: { code?: string } };
    expect({ status: response.status, code: json.error?.code }, response.text).toEqual({
      status: 401,
      code: "invalid_api_key",
    });
    expectNoLeak(response, key("admin"));
  });
});

describe.skipIf(lacks("admin"))("auth: never a credential in the URL or body", () => {
  // docs/contract.md: a credential-like parameter or body field is a 400 before anything else.
  const expectRejected = (response: ApiResponse) => {
    expectError(response, 400, "bad_request");
    expectNoLeak(response, key("admin"));
  };

  it.for(["api_key", "access_token", "token", "apikey"])(
    "?%s=<key> beside a valid header is 400 bad_request and not echoed",
    async (param) => {
      for (const path of ["/school", "/surahs", "/students"]) {
        expectRejected(await call(path, { key: key("admin"), query: { [param]: key("admin") } }));
      }
    },
  );

  it.for(["api_key", "access_token"])("?%s=<key> without a header is 400 bad_request and not echoed", async (param) => {
    expectRejected(await call("/school", { query: { [param]: key("admin") } }));
  });

  it("?api_key= on a write is rejected before the write happens", async () => {
    expectRejected(
      await call("/students", {
        method: "POST",
        key: key("admin"),
        query: { api_key: key("admin") },
        body: { full_name: "x" },
      }),
    );
  });

  it("a key inside a JSON body is 400 bad_request and not echoed", async () => {
    expectRejected(await call("/students", { method: "POST", body: { api_key: key("admin"), full_name: "x" } }));
    expectRejected(
      await call("/students", { method: "POST", key: key("admin"), body: { api_key: key("admin"), full_name: "x" } }),
    );
    expectRejected(
      await call("/students", { method: "POST", key: key("admin"), body: { access_token: key("admin") } }),
    );
  });
});

describe.skipIf(lacks("admin"))("auth: media types", () => {
  it("a successful response is application/json", async () => {
    const response = await as(key("admin")).get("/school");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it.for(["text/plain", "application/x-www-form-urlencoded"])(
    "a %s body on POST is 415 unsupported_media_type",
    async (type) => {
      const response = await call("/students", {
        method: "POST",
        key: key("admin"),
        rawBody: "full_name=x",
        headers: { "Content-Type": type },
      });
      expectError(response, 415, "unsupported_media_type");
    },
  );

  it("malformed JSON with a JSON content type is 400 bad_request", async () => {
    const response = await call("/students", {
      method: "POST",
      key: key("admin"),
      rawBody: '{"full_name": ',
      headers: { "Content-Type": "application/json" },
    });
    expectError(response, 400, "bad_request");
  });

  it("an empty body on POST /students is 400 bad_request", async () => {
    const response = await call("/students", {
      method: "POST",
      key: key("admin"),
      rawBody: "",
      headers: { "Content-Type": "application/json" },
    });
    expectError(response, 400, "bad_request");
  });
});
