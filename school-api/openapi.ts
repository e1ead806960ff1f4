import { z } from "zod";
import { endpoints, ERROR_STATUS, ErrorBody, type Endpoint } from "@/lib/contract";

type JsonSchema = Record<string, unknown>;

/** Converts one schema, moving its named parts into `components` and pointing refs there. */
function convert(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  const text = (value: unknown) => JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/');
  for (const [name, def] of Object.entries(defs)) components[name] ??= JSON.parse(text(def)) as JsonSchema;
  return JSON.parse(text(json)) as JsonSchema;
}

function parameters(endpoint: Endpoint, components: Record<string, JsonSchema>) {
  const path = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema:
      name === "number"
        ? { type: "integer", format: "int32", minimum: 1, maximum: 114 }
        : {
            type: "string",
            minLength: 1,
            maxLength: 64,
            pattern: "^[A-Za-z0-9_-]{1,64}$",
            description: "Opaque id from a response.",
          },
  }));
  const query = convert(endpoint.query, "input", components);
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query.required ?? []) as string[]);
  return [
    ...path,
    ...Object.entries(properties).map(([name, schema]) => ({
      name,
      in: "query",
      required: required.has(name),
      schema,
      description: schema.description,
    })),
  ];
}

/** IETF RateLimit fields on every answer (the policy always; the key's quota once the key is known); Retry-After on a 429. */
const HEADERS: Record<string, JsonSchema> = {
  "RateLimit-Policy": {
    description:
      'The per-key quota, e.g. `"per-key";q=6000;w=60` (requests per window of seconds). Absent when the server sets no limit.',
    schema: { type: "string", maxLength: 200 },
  },
  RateLimit: {
    description:
      'What is left of the key\'s quota, e.g. `"per-key";r=5999;t=1` (requests remaining; seconds until the quota is whole again). Present once the key is known.',
    schema: { type: "string", maxLength: 200 },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "integer", format: "int32", minimum: 1, maximum: 86400 },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateHeaders = { "RateLimit-Policy": ref("RateLimit-Policy"), RateLimit: ref("RateLimit") };

let cached: JsonSchema | undefined;

/** OpenAPI 3.1, generated from the same endpoint table the server and the client use. */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const components: Record<string, JsonSchema> = {};
  const errorRef = { $ref: "#/components/schemas/Error" };
  convert(ErrorBody, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const errors = Object.fromEntries(
      [...new Set(Object.values(ERROR_STATUS))].map((status) => [
        String(status),
        {
          description: "Error",
          headers: status === 429 ? { ...rateHeaders, "Retry-After": ref("Retry-After") } : rateHeaders,
          content: { "application/json": { schema: errorRef } },
        },
      ]),
    );
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = {
      operationId,
      summary: endpoint.summary,
      "x-required-scope": endpoint.scope,
      ...(endpoint.feature ? { "x-feature": endpoint.feature } : {}),
      security: [{ bearer: [] }],
      parameters: [
        ...parameters(endpoint, components),
        ...(endpoint.idempotent
          ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 200 } }]
          : []),
      ],
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: convert(endpoint.body, "input", components) } },
            },
          }
        : {}),
      responses: {
        [String(endpoint.status)]: {
          description: endpoint.summary,
          headers: rateHeaders,
          content: { "application/json": { schema: convert(endpoint.response, "output", components) } },
        },
        ...errors,
      },
    };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "School Study-Circle Service API",
      version: "v1",
      description: "Embedded implementation; decisions where the spec is silent are in docs/contract.md.",
    },
    // Whom the server is for (OWASP API9, "inventory": `x-internal` on each server): the school's own
    // systems and the dashboard, with a key the school issued; not the public.
    servers: [
      {
        url: "/api/v1",
        description: "This school's Study-Circle Service API, for clients holding a key the school issued",
        "x-internal": false,
      },
    ],
    paths,
    components: {
      schemas: components,
      headers: HEADERS,
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
  };
  return cached;
}
