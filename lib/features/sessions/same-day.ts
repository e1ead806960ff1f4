import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { clientFor } from "@/lib/connections";
import { dashboardDb } from "@/lib/db";
import { dateIn } from "@/lib/dates";
import { dayKey, registersOf } from "@/lib/features/overview/store-reads";

/** A session the halqa already has today, as the start form names it. */
export type SameDaySession = { id: string; status: string; startsAt: string };

/**
 * The sessions a halqa already has on the school's today (the progress read model: a session started
 * here is in it at once, one started in the school's own application from its next sync), for the
 * start form to ask before a second one (issue 58.1). None for a halqa the actor may not see.
 */
export async function sameDaySessions(actor: Actor, halqaId: string): Promise<SameDaySession[]> {
  if (!can.viewHalqa(await subjectOf(actor), halqaId)) return [];
  const school = await clientFor(actor.connectionId).tenant();
  const today = dateIn(school.time_zone);
  const registers = await registersOf(
    await dashboardDb(),
    { connectionId: actor.connectionId, tenantId: school.id },
    [halqaId],
    { from: today, to: today },
  );
  return (registers.get(dayKey(halqaId, today)) ?? [])
    .map((session) => ({ id: session.id, status: session.status, startsAt: session.starts_at }))
    .toSorted((a, b) => a.startsAt.localeCompare(b.startsAt));
}
