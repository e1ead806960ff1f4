import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "./body-limit";
import { badQueryName, edgeDecision, escapeBadPercents } from "./edge-guard";

describe("the edge guard", () => {
  it("refuses methods Next.js cannot represent", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", ""])
      expect(edgeDecision(method, "/", {})).toEqual({ refuse: "unknown_method" });
    expect(edgeDecision("GET", "/", {})).toEqual({ url: "/", badQuery: null });
  });

  it("refuses a declared body over the route's limit before reading it", () => {
    expect(
      edgeDecision("POST", "/api/auth/callback/credentials", { "content-length": String(BODY_LIMITS.auth + 1) }),
    ).toMatchObject({ refuse: "too_large" });
    expect(
      edgeDecision("POST", "/api/auth/callback/credentials", { "content-length": String(BODY_LIMITS.auth) }),
    ).toMatchObject({ url: "/api/auth/callback/credentials" });
    expect(edgeDecision("POST", "/login", { "content-length": String(BODY_LIMITS.publicAction + 1) })).toMatchObject({
      refuse: "too_large",
    });
    expect(
      edgeDecision("POST", "/students/new", { "content-length": String(BODY_LIMITS.publicAction + 1) }),
    ).toMatchObject({ url: "/students/new" });
    expect(
      edgeDecision("PUT", "/api/v1/sessions/x/attendance", { "content-length": String(64 * 1024 * 1024) }),
    ).toMatchObject({ refuse: "too_large" });
    expect(edgeDecision("POST", "/login", { "content-length": "nonsense" })).toMatchObject({
      refuse: "too_large",
    });
  });

  it("asks pages for a length, and lets route handlers stream with a cap", () => {
    expect(edgeDecision("POST", "/login", { "transfer-encoding": "chunked" })).toEqual({ refuse: "no_length" });
    expect(edgeDecision("POST", "/api/v1/students", { "transfer-encoding": "chunked" })).toMatchObject({
      url: "/api/v1/students",
    });
  });

  it("escapes only the percent-encoding that is not UTF-8", () => {
    expect(escapeBadPercents("/students/%FF")).toBe("/students/%25FF");
    expect(escapeBadPercents("/api/v1/%C0%AE")).toBe("/api/v1/%25C0%25AE");
    expect(escapeBadPercents("/a%20b/%D8%A7")).toBe("/a%20b/%D8%A7");
    expect(escapeBadPercents("/100%")).toBe("/100%25");
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => decodeURIComponent(escapeBadPercents(text))).not.toThrow();
      }),
    );
  });

  it("names a v1 query parameter that is not UTF-8", () => {
    expect(edgeDecision("GET", "/api/v1/students?status=%FF", {})).toEqual({
      url: "/api/v1/students?status=%FF",
      badQuery: "status",
    });
    expect(edgeDecision("GET", "/students?status=%FF", {})).toMatchObject({ badQuery: null });
    expect(badQueryName("?limit=5&halqa_id=%C0%AE")).toBe("halqa_id");
    expect(badQueryName("?%FF=1")).toBe("(query)");
    expect(badQueryName("?q=%D8%A7+b")).toBeNull();
  });
});
