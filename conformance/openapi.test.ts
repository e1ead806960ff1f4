import { describe, expect, it } from "vitest";
import { call, explain } from "./http";
import { SPEC_ENDPOINTS } from "./spec";
import { lacks } from "./target";

/** Issue 2 §2: an OpenAPI 3.1 document generated from the contract, at /api/v1/openapi.json, no key needed. */

type Operation = { parameters?: { name: string; in: string }[]; responses?: Record<string, unknown>; security?: unknown[] };
type Document = { openapi?: string; info?: { version?: string }; paths?: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> } };

const normalize = (path: string) => path.replace(/^\/api\/v1/, "").replace(/\{[^}]+\}/g, "{}");

describe.skipIf(lacks())("openapi", () => {
  const load = async () => {
    const response = await call("/openapi.json");
    expect(response.status, explain(response)).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    return response.json as Document;
  };

  it("GET /api/v1/openapi.json needs no key and is OpenAPI 3.1", async () => {
    const document = await load();
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("lists every path and method of the spec's endpoint table", async () => {
    const document = await load();
    const operations = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${normalize(path)}`)),
    );
    const missing = SPEC_ENDPOINTS.map((e) => `${e.method} ${normalize(e.path)}`).filter((operation) => !operations.has(operation));
    expect(missing).toEqual([]);
  });

  it("documents no write operation on learning plans (read-only in v1)", async () => {
    const document = await load();
    const planWrites = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith("/learning-plans"))
      .flatMap(([path, methods]) => Object.keys(methods).filter((m) => m !== "get" && m !== "parameters").map((m) => `${m} ${path}`));
    expect(planWrites).toEqual([]);
  });

  it("declares bearer authentication and documents limit and cursor on paginated lists", async () => {
    const document = await load();
    const schemes = Object.values(document.components?.securitySchemes ?? {});
    expect(schemes.some((scheme) => scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer")).toBe(true);
    const students = document.paths?.["/students"]?.get;
    const names = (students?.parameters ?? []).map((parameter) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(["limit", "cursor", "updated_after", "status"]));
    const surahs = document.paths?.["/surahs"]?.get;
    expect((surahs?.parameters ?? []).filter((parameter) => parameter.in === "query")).toEqual([]);
  });
});
