import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { auditExport, auditPage, type AuditQuery } from "./audit";
import { auditRange, parseAuditFilters, parseCursor, type AuditFilters } from "./audit-filters";
import { userNamesOf } from "./managed-users";

type Params = Record<string, string | string[] | undefined>;

/**
 * The audit log's request as this admin may make it: filters from the address, a person filter only
 * when that person is a user of the admin's own school (else dropped), dates read in the school's zone.
 */
export async function auditRequestOf(
  actor: Actor,
  params: Params,
  timeZone: string | null,
): Promise<{ filters: AuditFilters; query: AuditQuery; people: { id: string; name: string }[] }> {
  const names = await userNamesOf(actor.connectionId);
  const filters = parseAuditFilters(params);
  if (filters.person && !names.has(filters.person)) delete filters.person;
  const people = [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { filters, query: { filters, range: auditRange(filters, timeZone) }, people };
}

/** One page of the admin's school's log for the page. */
export async function loadAuditPage(actor: Actor, params: Params, timeZone: string | null) {
  const request = await auditRequestOf(actor, params, timeZone);
  const cursor = parseCursor(params);
  const page = await auditPage(actor.connectionId, cursor, request.query);
  return { ...request, cursor, page };
}

/** Every matching entry of the admin's school's log, for the CSV export. */
export async function loadAuditExport(actor: Actor, params: Params, timeZone: string | null) {
  const request = await auditRequestOf(actor, params, timeZone);
  return { ...request, ...(await auditExport(actor.connectionId, request.query)) };
}
