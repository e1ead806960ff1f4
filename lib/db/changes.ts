/**
 * This process's count of writes to each connection's synced records (plans and their assignments,
 * the progress read model): the dashboard's own writes through, a plan refreshed after a change, and
 * each completed sync cycle. The school-wide figures shared for a minute (lib/shared-for.ts) are keyed
 * on it, so what a teacher saves through this server shows on the admin's overview at once and reads
 * the same there as on the halqa's page; another server's writes show within the minute.
 */
const counts = new Map<string, number>();

export function recordsChanged(connectionId: string): void {
  counts.set(connectionId, (counts.get(connectionId) ?? 0) + 1);
}

export function recordsVersion(connectionId: string): number {
  return counts.get(connectionId) ?? 0;
}
