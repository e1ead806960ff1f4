import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { Id } from "@/lib/contract";
import type { Db } from "../db/client";
import { halqaSheikhs, halqas, semesters, sheikhs } from "../db/schema";
import { notFound, validationFailed } from "../errors";
import { newId } from "../ids";
import { parseInput } from "./input";

const NewHalqa = z.strictObject({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .min(1, "name is required")
    .max(200, "name is at most 200 characters"),
  description: z.string({ error: "description must be text" }).max(2000).nullable().optional(),
  sheikhIds: z
    .array(Id, { error: "sheikhIds must be a list of sheikh ids" })
    .min(1, "give at least one sheikh who may teach it"),
});
export type NewHalqa = z.input<typeof NewHalqa>;

/**
 * A new active halqa in a semester, with the sheikhs who may teach it: what the school's office does
 * when a circle opens mid-term. v1 reads halqas but cannot create them; tests use this to make the
 * data they need certain instead of hoping the demo school still has an idle circle.
 */
export async function createHalqa(
  db: Db,
  semesterId: string,
  input: NewHalqa,
): Promise<{ id: string; name: string; semesterId: string; sheikhIds: string[] }> {
  const semesterKey = parseInput(Id, semesterId, "semester id");
  const { name, description, sheikhIds } = parseInput(NewHalqa, input, "halqa");
  return db.transaction(async (tx) => {
    const [semester] = await tx.select().from(semesters).where(eq(semesters.id, semesterKey));
    if (!semester) throw notFound("Semester");
    const unique = [...new Set(sheikhIds)];
    const found = await tx
      .select({ id: sheikhs.id })
      .from(sheikhs)
      .where(and(eq(sheikhs.schoolId, semester.schoolId), inArray(sheikhs.id, unique)));
    const missing = unique.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0)
      throw validationFailed({ sheikhIds: `${missing.join(", ")} is not a sheikh of this school` });
    const now = new Date();
    const id = newId("hlq", now.getTime());
    await tx.insert(halqas).values({
      id,
      schoolId: semester.schoolId,
      lineageId: id,
      semesterId: semester.id,
      name,
      description: description ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(halqaSheikhs)
      .values(unique.map((sheikhId) => ({ schoolId: semester.schoolId, halqaId: id, sheikhId })));
    return { id, name, semesterId: semester.id, sheikhIds: unique };
  });
}
