import { and, eq, inArray as inList } from "drizzle-orm";
import type { Context } from "./context";
import { halqas, halqaSheikhs, semesters, sheikhs, students } from "./db/schema";
import { validationFailed } from "./errors";

type HalqaRow = typeof halqas.$inferSelect;
type StudentRow = typeof students.$inferSelect;

/**
 * Eligibility rules of the embedded server (documented in docs/contract.md):
 * a halqa is eligible when it is active and its semester is active; a sheikh is eligible for a
 * halqa when the sheikh is active and assigned to it; a student is eligible for a session when
 * active and enrolled in the session's halqa.
 */
export async function requireEligibleHalqa(ctx: Context, halqaId: string, field = "halqa_id"): Promise<HalqaRow> {
  const [row] = await ctx.db
    .select({ halqa: halqas, semesterStatus: semesters.status })
    .from(halqas)
    .innerJoin(semesters, eq(semesters.id, halqas.semesterId))
    .where(and(eq(halqas.schoolId, ctx.school.id), eq(halqas.id, halqaId)))
    .limit(1);
  if (!row) throw validationFailed({ [field]: "no such halqa in this school" });
  if (!row.halqa.isActive) throw validationFailed({ [field]: "the halqa is not active" }, "The halqa is not eligible");
  if (row.semesterStatus !== "active") {
    throw validationFailed(
      { [field]: `the halqa belongs to a ${row.semesterStatus} semester, not the active one` },
      "The halqa is not eligible",
    );
  }
  return row.halqa;
}

export async function requireEligibleSheikh(
  ctx: Context,
  sheikhId: string,
  halqaId: string,
  field = "sheikh_id",
): Promise<void> {
  const [row] = await ctx.db
    .select({ status: sheikhs.status, linked: halqaSheikhs.halqaId })
    .from(sheikhs)
    .leftJoin(halqaSheikhs, and(eq(halqaSheikhs.sheikhId, sheikhs.id), eq(halqaSheikhs.halqaId, halqaId)))
    .where(and(eq(sheikhs.schoolId, ctx.school.id), eq(sheikhs.id, sheikhId)))
    .limit(1);
  if (!row) throw validationFailed({ [field]: "no such sheikh in this school" });
  if (row.status !== "active")
    throw validationFailed({ [field]: "the sheikh is not currently eligible" }, "The sheikh is not eligible");
  if (!row.linked)
    throw validationFailed(
      { [field]: "the sheikh does not teach this halqa" },
      "The sheikh is not eligible for this halqa",
    );
}

/** Checks every student at once and names each bad one, so a batch is accepted or rejected whole. */
export async function requireEligibleStudents(
  ctx: Context,
  halqaId: string,
  refs: { studentId: string; field: string }[],
): Promise<Map<string, StudentRow>> {
  const ids = [...new Set(refs.map((ref) => ref.studentId))];
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(students)
        .where(and(eq(students.schoolId, ctx.school.id), inList(students.id, ids)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string> = {};
  for (const ref of refs) {
    const student = byId.get(ref.studentId);
    if (!student) fields[ref.field] = "no such student in this school";
    else if (student.halqaId !== halqaId) fields[ref.field] = "the student is not enrolled in this session's halqa";
    else if (student.status !== "active") fields[ref.field] = `the student's status is ${student.status}, not active`;
  }
  if (Object.keys(fields).length)
    throw validationFailed(fields, "Some students are not eligible for this session; nothing was saved");
  return byId;
}
