import fc from "fast-check";
import { z } from "zod";

/**
 * Bad values generated from the contract's own schemas (their JSON Schema form): for every
 * field of a body or query, values of the wrong type, past its limits, with bytes the database
 * cannot store, or dates it cannot hold. Used by bad-input.test.ts.
 */
export type Schema = {
  type?: string;
  format?: string;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
};

/** A schema's JSON Schema with references inlined (the contract names some parts, e.g. QuranPosition). */
export function jsonSchemaOf(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Schema & {
    $defs?: Record<string, Schema>;
  };
  const defs = json.$defs ?? {};
  const inline = (node: Schema): Schema => {
    if (node.$ref) return inline(defs[node.$ref.split("/").pop() ?? ""] ?? {});
    return {
      ...node,
      ...(node.properties
        ? { properties: Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, inline(v)])) }
        : {}),
      ...(node.items ? { items: inline(node.items) } : {}),
      ...(node.anyOf ? { anyOf: node.anyOf.map(inline) } : {}),
    };
  };
  return inline(json);
}

/** The non-null branch of `T | null`. */
const concrete = (schema: Schema): Schema => schema.anyOf?.find((branch) => branch.type !== "null") ?? schema;

const DATES = ["0000-01-01", "1899-12-31", "2201-01-01", "9999-12-31", "2025-02-30", "2025-13-01", "20251124"];
const TIMESTAMPS = [
  "0000-01-01T00:00:00.000Z",
  "1899-12-31T23:59:59Z",
  "2201-01-01T00:00:00.000Z",
  "2200-12-31T23:00:00-05:00",
  "2026-11-24 08:00",
  "2026-11-24T25:00:00Z",
];
const withNul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const loneSurrogate = fc.constantFrom("\ud800", "a\udfffb", "\udbff\ud800");
const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** JSON values a body field of this schema must refuse. */
export function badJson(raw: Schema): fc.Arbitrary<unknown> {
  const schema = concrete(raw);
  const nullable = raw.anyOf?.some((branch) => branch.type === "null") ?? false;
  const nullValue = nullable ? [] : [fc.constant(null)];
  if (schema.type === "string") {
    const options: fc.Arbitrary<unknown>[] = [withNul, loneSurrogate, wrongType, fc.integer(), ...nullValue];
    if (schema.maxLength !== undefined) options.push(fc.constant("x".repeat(schema.maxLength + 1)));
    if (schema.format === "date") options.push(fc.constantFrom(...DATES));
    if (schema.format === "date-time") options.push(fc.constantFrom(...TIMESTAMPS));
    if (schema.enum) options.push(fc.string({ maxLength: 12 }).filter((s) => !schema.enum?.includes(s)));
    return fc.oneof(...options);
  }
  if (schema.type === "integer") {
    const limits = [
      2 ** 31,
      -(2 ** 31) - 1,
      1.5,
      1e300,
      ...(schema.maximum !== undefined ? [schema.maximum + 1] : []),
      ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
    ];
    return fc.oneof(fc.constantFrom(...limits), fc.integer().map(String), withNul, ...nullValue);
  }
  if (schema.type === "array") {
    return fc.oneof(fc.constant("rows"), fc.constant({}), ...(schema.minItems ? [fc.constant([])] : []), ...nullValue);
  }
  if (schema.type === "object") return fc.oneof(fc.constant([]), fc.string(), withNul, ...nullValue);
  return fc.oneof(withNul, wrongType);
}

/** Query values (text) a parameter of this schema must refuse. */
export function badQueryValue(raw: Schema): fc.Arbitrary<string> {
  const schema = concrete(raw);
  const options: fc.Arbitrary<string>[] = [withNul, fc.constant("x".repeat((schema.maxLength ?? 512) + 1))];
  if (schema.format === "date") options.push(fc.constantFrom(...DATES));
  if (schema.format === "date-time") options.push(fc.constantFrom(...TIMESTAMPS));
  if (schema.enum) options.push(fc.string({ maxLength: 12 }).filter((s) => !schema.enum?.includes(s)));
  if (schema.type === "string" && schema.maxLength !== undefined && schema.maxLength <= 12 && !schema.format)
    options.push(fc.constantFrom("-1", "0", "1.5", "abc", "99999999999"));
  return fc.oneof(...options);
}

export type Mutation = { path: (string | number)[]; value: unknown };

/** Every field a body may have (nested objects and the first array item included), with bad values for it. */
export function mutations(schema: Schema, base: unknown, path: (string | number)[] = []): fc.Arbitrary<Mutation>[] {
  const here = concrete(schema);
  const found: fc.Arbitrary<Mutation>[] = [];
  if (path.length > 0) found.push(badJson(schema).map((value) => ({ path, value })));
  if (here.type === "object" && here.properties) {
    // Strict everywhere: an unknown field, at the top or nested (`start.juz`), is refused.
    found.push(fc.constantFrom("juz", "extra", "is_admin").map((name) => ({ path: [...path, name], value: 1 })));
    for (const [name, child] of Object.entries(here.properties))
      found.push(...mutations(child, undefined, [...path, name]));
  }
  if (here.type === "array" && here.items) {
    found.push(...mutations(here.items, undefined, [...path, 0]));
    if (here.maxItems !== undefined && Array.isArray(base) && base[0] !== undefined) {
      const tooMany = Array.from({ length: here.maxItems + 1 }, () => base[0]);
      found.push(fc.constant({ path, value: tooMany }));
    }
  }
  return found;
}

/** A copy of `base` with the value at `path` replaced (objects made on the way as needed). */
export function applyMutation(base: unknown, { path, value }: Mutation): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) {
    const items = [...(base as unknown[])];
    items[Number(head)] = applyMutation(items[Number(head)], { path: rest, value });
    return items;
  }
  const fields = { ...((base ?? {}) as Record<string, unknown>) };
  fields[String(head)] = applyMutation(fields[String(head)], { path: rest, value });
  return fields;
}
