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
    schema: name === "number" ? { type: "integer", minimum: 1, maximum: 114 } : { type: "string", description: "Opaque id from a response." },
  }));
  const query = convert(endpoint.query, "input", components);
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query.required ?? []) as string[]);
  return [
    ...path,
    ...Object.entries(properties).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema, description: schema.description })),
  ];
}

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
      [...new Set(Object.values(ERROR_STATUS))].map((status) => [String(status), { description: "Error", content: { "application/json": { schema: errorRef } } }]),
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
        ...(endpoint.idempotent ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 200 } }] : []),
      ],
      ...(endpoint.body
        ? { requestBody: { required: true, content: { "application/json": { schema: convert(endpoint.body, "input", components) } } } }
        : {}),
      responses: {
        [String(endpoint.status)]: { description: endpoint.summary, content: { "application/json": { schema: convert(endpoint.response, "output", components) } } },
        ...errors,
      },
    };
  }
  cached = {
    openapi: "3.1.0",
    info: { title: "School Study-Circle Service API", version: "v1", description: "Embedded implementation; decisions where the spec is silent are in docs/contract.md." },
    servers: [{ url: "/api/v1" }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  };
  return cached;
}
