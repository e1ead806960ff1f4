import "server-only";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";

type AdminAbility =
  "manageUsers" | "viewConnectionHealth" | "viewAuditLog" | "manageNotices" | "manageTimetable" | "viewOverview";

/** For admin pages: an admin who holds the page's ability, else a 404 (the page does not admit it exists). */
export async function requireAdminPage(ability: AdminAbility): Promise<Actor> {
  const actor = await requireActor(["admin"]);
  if (!can[ability](await subjectOf(actor))) notFound();
  return actor;
}
