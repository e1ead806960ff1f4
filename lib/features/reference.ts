import "server-only";
import type { Halqa, Semester, Surah } from "@/lib/contract";
import { cacheKey, clientFor } from "@/lib/connections";
import { API_PAGE_SIZE } from "@/lib/features/paging";
import { byName } from "@/lib/text-search";

/**
 * Stable reference data, cached in this process per tenant (the id confirmed by GET /school is part
 * of every key, so two schools never share an entry). Semesters change rarely; Surahs never.
 */
const store = new Map<string, { expires: number; value: Promise<unknown> }>();

async function perTenant<T>(connectionId: string, name: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const tenantId = (await clientFor(connectionId).tenant()).id;
  const key = JSON.stringify(cacheKey(tenantId, name));
  const hit = store.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: Date.now() + ttlMs, value });
  value.catch(() => store.delete(key));
  return value;
}

export function semestersFor(connectionId: string): Promise<Semester[]> {
  return perTenant(
    connectionId,
    "semesters",
    60_000,
    async () => (await clientFor(connectionId).listAll("listSemesters")).items,
  );
}

export function surahsFor(connectionId: string): Promise<Surah[]> {
  return perTenant(connectionId, "surahs", 24 * 60 * 60_000, () => clientFor(connectionId).call("listSurahs"));
}

/**
 * Every halqa of the school, every semester (names for records that carry only a halqa id: the
 * audit log, "what changed"). Five minutes: a renamed halqa shows its new name soon enough.
 */
export function halqasFor(connectionId: string): Promise<Halqa[]> {
  return perTenant(
    connectionId,
    "halqas",
    5 * 60_000,
    async () => (await clientFor(connectionId).listAll("listHalqas", { query: { limit: 100 } })).items,
  );
}

/**
 * The halqas of one semester, asked for on every call (a halqa opened a minute ago is on the page
 * that lists halqas to act on); kept by their own `semester_id`, since a real school may ignore the
 * filter, and sorted by name.
 */
export async function halqasOfSemester(connectionId: string, semesterId: string): Promise<Halqa[]> {
  const { items } = await clientFor(connectionId).listAll("listHalqas", {
    query: { semester_id: semesterId, limit: API_PAGE_SIZE },
  });
  return items.filter((halqa) => halqa.semester_id === semesterId).sort(byName);
}

/** The semester a page shows: the one asked for when it exists, else the active one (archived stay readable). */
export async function resolveSemester(connectionId: string, requested: string | undefined) {
  const semesters = await semestersFor(connectionId);
  const selected =
    semesters.find((s) => s.id === requested) ?? semesters.find((s) => s.status === "active") ?? semesters[0] ?? null;
  return { semesters, selected };
}
