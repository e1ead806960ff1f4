import { isIPv4, isIPv6 } from "node:net";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { Id, PUBLICATION_POLICIES, WRITE_SCOPES } from "@/lib/contract";
import type { Db } from "../db/client";
import { learningPlans, schools, sheikhs } from "../db/schema";
import { notFound } from "../errors";
import { bumpedAt, parseInput } from "./input";

type SchoolRow = typeof schools.$inferSelect;

export type SchoolPolicy = Pick<
  SchoolRow,
  | "id"
  | "name"
  | "suspended"
  | "writeRolloutEligible"
  | "writeAccessEnabled"
  | "allowedWriteScopes"
  | "allowedNetworks"
  | "learningPlansEnabled"
  | "publicationPolicy"
  | "automationPaused"
  | "updatedAt"
>;

const policyOf = (row: SchoolRow): SchoolPolicy => ({
  id: row.id,
  name: row.name,
  suspended: row.suspended,
  writeRolloutEligible: row.writeRolloutEligible,
  writeAccessEnabled: row.writeAccessEnabled,
  allowedWriteScopes: row.allowedWriteScopes,
  allowedNetworks: row.allowedNetworks,
  learningPlansEnabled: row.learningPlansEnabled,
  publicationPolicy: row.publicationPolicy,
  automationPaused: row.automationPaused,
  updatedAt: row.updatedAt,
});

export async function listSchools(db: Db): Promise<SchoolPolicy[]> {
  return (await db.select().from(schools).orderBy(asc(schools.name), asc(schools.id))).map(policyOf);
}

/** A CIDR range (`10.0.0.0/8`, `2001:db8::/32`) or a single address, as the network control reads them. */
function cidrProblem(value: string): string | null {
  const [address = "", prefix, extra] = value.split("/");
  if (extra !== undefined) return "is not a CIDR range";
  const type = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : null;
  if (!type) return "is not an IPv4 or IPv6 address";
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (type === "ipv4" ? 32 : 128))
    return `has an invalid prefix length for ${type}`;
  return null;
}

const bool = (name: string) => z.boolean({ error: `${name} must be true or false` });

const PolicyChanges = z
  .strictObject({
    suspended: bool("suspended").optional(),
    writeRolloutEligible: bool("writeRolloutEligible").optional(),
    writeAccessEnabled: bool("writeAccessEnabled").optional(),
    allowedWriteScopes: z
      .array(z.enum(WRITE_SCOPES, { error: `must be one of ${WRITE_SCOPES.join(", ")}` }))
      .transform((scopes) => [...new Set(scopes)])
      .nullable()
      .optional(),
    allowedNetworks: z
      .array(
        z
          .string()
          .trim()
          .superRefine((value, ctx) => {
            const problem = cidrProblem(value);
            if (problem) ctx.addIssue({ code: "custom", message: `${value} ${problem}` });
          }),
      )
      .min(1, "give at least one range, or null to allow any network")
      .nullable()
      .optional(),
    learningPlansEnabled: bool("learningPlansEnabled").optional(),
    publicationPolicy: z
      .enum(PUBLICATION_POLICIES, { error: `must be one of ${PUBLICATION_POLICIES.join(", ")}` })
      .optional(),
    automationPaused: bool("automationPaused").optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, "give at least one policy to change");
export type PolicyChanges = z.input<typeof PolicyChanges>;

/**
 * The school's API policies (suspension, rollout, write access, scope policy, networks, Learning
 * Plans) and its plan configuration. A plan-configuration change alters the effective policy
 * of the plans that inherit it, so the school's plans move their `updated_at`.
 */
export async function setSchoolPolicy(
  db: Db,
  schoolId: string,
  changes: PolicyChanges,
): Promise<SchoolPolicy & { plansTouched: number }> {
  const id = parseInput(Id, schoolId, "school id");
  const input = parseInput(PolicyChanges, changes, "school policy");
  return db.transaction(async (tx) => {
    const [school] = await tx.select().from(schools).where(eq(schools.id, id)).for("update");
    if (!school) throw notFound("School");
    const now = new Date();
    const [updated] = await tx
      .update(schools)
      .set({ ...input, updatedAt: now })
      .where(eq(schools.id, id))
      .returning();
    if (!updated) throw new Error("update returned no row");
    const planConfigChanged =
      (input.publicationPolicy !== undefined && input.publicationPolicy !== school.publicationPolicy) ||
      (input.automationPaused !== undefined && input.automationPaused !== school.automationPaused);
    const plansTouched = planConfigChanged
      ? (
          await tx
            .update(learningPlans)
            .set({ updatedAt: bumpedAt(now) })
            .where(eq(learningPlans.schoolId, id))
            .returning({ id: learningPlans.id })
        ).length
      : 0;
    return { ...policyOf(updated), plansTouched };
  });
}

export const SHEIKH_STATUSES = ["active", "on_leave", "inactive"] as const;

/** Only `active` sheikhs are eligible; any other state hides the sheikh from /sheikhs. */
export async function setSheikhStatus(
  db: Db,
  sheikhId: string,
  status: string,
): Promise<{ id: string; name: string; status: string }> {
  const id = parseInput(Id, sheikhId, "sheikh id");
  const next = parseInput(
    z.strictObject({ status: z.enum(SHEIKH_STATUSES, { error: `must be one of ${SHEIKH_STATUSES.join(", ")}` }) }),
    { status },
    "sheikh status",
  ).status;
  const [updated] = await db
    .update(sheikhs)
    .set({ status: next, updatedAt: new Date() })
    .where(eq(sheikhs.id, id))
    .returning();
  if (!updated) throw notFound("Sheikh");
  return { id: updated.id, name: updated.name, status: updated.status };
}
