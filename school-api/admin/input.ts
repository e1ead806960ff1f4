import { sql } from "drizzle-orm";
import type { z } from "zod";
import { learningPlans } from "../db/schema";
import { validationFailed } from "../errors";
import { issuesToFields } from "../request";

/** Parses admin input; bad input is a 422 naming each field, thrown before anything is written. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationFailed(issuesToFields(parsed.error), `Invalid ${what}`);
  return parsed.data;
}

/**
 * A plan's new `updated_at`: now, but always later than the value it replaces, so a change is
 * never hidden behind a watermark a client already holds (clocks and seeded data can run ahead).
 */
export function bumpedAt(now: Date) {
  return sql`greatest(${now.toISOString()}::timestamptz, ${learningPlans.updatedAt} + interval '1 millisecond')`;
}
