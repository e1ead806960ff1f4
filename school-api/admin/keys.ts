import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ALL_SCOPES, Id, RESERVED_SCOPES, type Scope, Timestamp } from "@/lib/contract";
import type { Db } from "../db/client";
import { apiKeys, schools } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { hashKey } from "../key-hash";
import { parseInput } from "./input";
import { columnsOf } from "./rows";

type KeyRow = typeof apiKeys.$inferSelect;
const INFO_COLUMNS = [
  "id",
  "schoolId",
  "name",
  "scopes",
  "expiresAt",
  "revokedAt",
  "rateLimitPerMinute",
  "createdAt",
] as const;
export type ApiKeyInfo = Pick<KeyRow, (typeof INFO_COLUMNS)[number]>;
const info = (row: KeyRow): ApiKeyInfo => columnsOf(row, INFO_COLUMNS);

const ScopeName = z.string().superRefine((scope, ctx) => {
  if ((RESERVED_SCOPES as readonly string[]).includes(scope))
    ctx.addIssue({ code: "custom", message: `${scope} is reserved and cannot be assigned` });
  else if (!(ALL_SCOPES as readonly string[]).includes(scope))
    ctx.addIssue({ code: "custom", message: `unknown scope ${scope}; known: ${ALL_SCOPES.join(", ")}` });
});

const NewKey = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
  scopes: z
    .array(ScopeName)
    .min(1, "give at least one scope")
    .transform((scopes) => [...new Set(scopes)] as Scope[]),
  expiresAt: Timestamp.refine((value) => new Date(value).getTime() > Date.now(), "must be in the future")
    .nullable()
    .optional(),
  rateLimitPerMinute: z.number().int().min(0, "must be 0 (unlimited) or more").max(1_000_000).nullable().optional(),
});
export type NewKey = z.input<typeof NewKey>;

/**
 * Issues a key for a school. The secret is returned here, once; only its SHA-256 is stored.
 * Scopes are fixed for the life of the key: to change them, issue a new key and revoke the old.
 */
export async function createApiKey(db: Db, schoolId: string, options: NewKey): Promise<ApiKeyInfo & { key: string }> {
  const id = parseInput(Id, schoolId, "school id");
  const input = parseInput(NewKey, options, "API key");
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
  if (!school) throw notFound("School");
  const key = `sk_${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("key"),
      schoolId: id,
      name: input.name,
      keyHash: hashKey(key),
      scopes: input.scopes,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return { ...info(row), key };
}

/** Revokes a key at once; revoking a revoked key keeps its first revocation time. */
export async function revokeApiKey(db: Db, keyId: string): Promise<ApiKeyInfo> {
  const id = parseInput(Id, keyId, "key id");
  return db.transaction(async (tx) => {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
    if (!key) throw notFound("API key");
    if (key.revokedAt) return info(key);
    const [updated] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
    if (!updated) throw new Error("update returned no row");
    return info(updated);
  });
}

/** A school's keys without secrets or hashes. */
export async function listApiKeys(db: Db, schoolId: string): Promise<ApiKeyInfo[]> {
  const id = parseInput(Id, schoolId, "school id");
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, id));
  if (!school) throw notFound("School");
  return (
    await db.select().from(apiKeys).where(eq(apiKeys.schoolId, id)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
  ).map(info);
}
