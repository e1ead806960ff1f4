/** One row's claim: its guard key (school, session, person, device, student) and the device's version. */
export type VersionEntry = { key: string; version: number };

/**
 * The late-batch guard as the write path uses it. `VersionGuard` keeps its memory in this process
 * (enough while one process serves everything: the dashboard's store on PGlite); the shared one
 * (shared-version-guard.ts) keeps it in the dashboard's PostgreSQL, for several instances.
 */
export type MarkGuard = {
  /**
   * Runs `task` after every earlier task of `lockKey` has finished (on every instance, when shared).
   * `accept` says, per entry, whether it is not older than the version recorded for its key, and
   * records the accepted ones.
   */
  exclusive<T>(
    lockKey: string,
    task: (accept: (entries: readonly VersionEntry[]) => Promise<boolean[]>) => Promise<T>,
  ): Promise<T>;
};

/**
 * The server side of "an older batch never overwrites a newer mark". A browser's queue sends one
 * batch at a time, but a batch it gave up on (timed out, connection dropped) may still arrive
 * later, after a newer one. So the write path remembers, per school, session, signed-in person,
 * device and student, the highest version it has accepted, and drops rows older than that (a
 * device id from the browser is trusted only within that person's own writes). The same version
 * again is accepted: a retry or a duplicate carries the same values. Writes of one session are
 * applied one after another, so the check and the PUT happen in the order batches were accepted.
 *
 * Versions are compared per device only: two tablets on one session are ordered by arrival (last
 * write wins), never by their clocks. This class keeps the memory in this process; on PostgreSQL the
 * write path uses the shared guard instead (docs/scaling.md).
 */
export class VersionGuard implements MarkGuard {
  private versions = new Map<string, number>();
  private chains = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity = 200_000) {}

  /** Whether a row of this version may be written; records it when so. */
  accept(key: string, version: number): boolean {
    const seen = this.versions.get(key);
    if (seen !== undefined && version < seen) return false;
    this.versions.delete(key); // re-inserted last: the map's order is least recently written first
    this.versions.set(key, version);
    if (this.versions.size > this.capacity) {
      const oldest = this.versions.keys().next().value;
      if (oldest !== undefined) this.versions.delete(oldest);
    }
    return true;
  }

  exclusive<T>(
    lockKey: string,
    task: (accept: (entries: readonly VersionEntry[]) => Promise<boolean[]>) => Promise<T>,
  ): Promise<T> {
    return this.serialize(lockKey, () =>
      task(async (entries) => entries.map((entry) => this.accept(entry.key, entry.version))),
    );
  }

  /** Runs `task` after every earlier task of the same key has finished (failed or not). */
  serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return result;
  }
}

export const guardKey = (...parts: string[]) => parts.map((p) => p.replaceAll("|", "||")).join("|");
