import "server-only";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { loadConnections } from "@/lib/connections";
import { schoolOrNull } from "@/lib/failures/school";
import type { Locale } from "@/lib/i18n/core";

type AdminAbility =
  "manageUsers" | "viewConnectionHealth" | "viewAuditLog" | "manageNotices" | "manageTimetable" | "viewOverview";

/** For admin pages: an admin who holds the page's ability, else a 404 (the page does not admit it exists). */
export async function requireAdminPage(ability: AdminAbility): Promise<Actor> {
  const actor = await requireActor(["admin"]);
  if (!can[ability](await subjectOf(actor))) notFound();
  return actor;
}

/**
 * The school's name (in Arabic when the school gives one), from the memoized GET /school (its time
 * zone reaches pages through getI18n).
 * Admin pages must keep working when the key is refused, since they are where it gets fixed.
 */
export async function schoolOf(connectionId: string, locale: Locale): Promise<{ name: string }> {
  const school = await schoolOrNull(connectionId);
  if (!school) return { name: loadConnections().find((c) => c.id === connectionId)?.label ?? connectionId };
  return { name: locale === "ar" && school.name_ar ? school.name_ar : school.name };
}
