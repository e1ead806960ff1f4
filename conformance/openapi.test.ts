import { describe, expect, it } from "vitest";
import { call, explain } from "./http";
import { SPEC_ENDPOINTS } from "./spec";
import { lacks } from "./target";

/** Issue 2 §2: an OpenAPI 3.1 document generated from the contract, at /api/v1/openapi.json, no key needed. */

type Response = { headers?: Record<string, unknown> };
type Operation = {
  parameters?: { name: string; in: string }[];
  responses?: Record<string, Response>;
  security?: unknown[];
};
type Document = {
  openapi?: string;
  info?: { version?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
};

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
      Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${normalize(path)}`),
      ),
    );
    const missing = SPEC_ENDPOINTS.map((e) => `${e.method} ${normalize(e.path)}`).filter(
      (operation) => !operations.has(operation),
    );
    expect(missing).toEqual([]);
  });

  it("documents no write operation on learning plans (read-only in v1)", async () => {
    const document = await load();
    const planWrites = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith("/learning-plans"))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== "get" && m !== "parameters")
          .map((m) => `${m} ${path}`),
      );
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

/**
 * Issue 12 §6 (OWASP API4:2023, the OWASP API ruleset's limit rules): every string is bounded,
 * every array has a maximum size, every integer a format; every answer states the rate limit.
 */
type Node = Record<string, unknown>;
function unbounded(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, index) => unbounded(item, `${path}/${index}`, found));
  if (typeof node !== "object" || node === null) return found;
  const schema = node as Node;
  if (schema.type === "string" && !("maxLength" in schema || "enum" in schema || "const" in schema))
    found.push(`${path}: string without maxLength`);
  if (schema.type === "array" && !("maxItems" in schema)) found.push(`${path}: array without maxItems`);
  if (schema.type === "integer" && schema.format !== "int32" && schema.format !== "int64")
    found.push(`${path}: integer without format`);
  for (const [name, value] of Object.entries(schema)) unbounded(value, `${path}/${name}`, found);
  return found;
}

describe.skipIf(lacks())("openapi: limits stated", () => {
  it("every string has a maximum length, every array a maximum size, every integer a format", async () => {
    const response = await call("/openapi.json");
    expect(unbounded(response.json, "#", [])).toEqual([]);
  });

  it("every response states the rate limit, and a 429 says when to retry", async () => {
    const document = (await call("/openapi.json")).json as Document;
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const names = Object.keys(answer.headers ?? {});
          const wanted = ["RateLimit", "RateLimit-Policy", ...(status === "429" ? ["Retry-After"] : [])];
          for (const name of wanted)
            if (!names.includes(name)) missing.push(`${method.toUpperCase()} ${path} ${status}: ${name}`);
        }
        if (!operation.responses?.["429"]) missing.push(`${method.toUpperCase()} ${path}: no 429`);
      }
    }
    expect(missing).toEqual([]);
  });
});
