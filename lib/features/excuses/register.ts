import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { Student } from "@/lib/contract";
import { dashboardDb } from "@/lib/db";
import { registerExcuses, type RegisterExcuse, type School } from "./store";

/**
 * The excuse requests a register shows (the live register's read model): for the session's date and
 * the halqa's students, to the staff who may view that session (checked by the caller). Loading them
 * for a member of staff counts as seen, which the parent then reads ("Seen by the school").
 */
export async function excusesForRegister(
  actor: Actor,
  school: School,
  day: string,
  students: readonly Student[],
): Promise<RegisterExcuse[]> {
  if (actor.role === "parent") return [];
  const lineages = [...new Set(students.map((student) => student.lineage_id))];
  return registerExcuses(await dashboardDb(), school, day, lineages, actor.id);
}
