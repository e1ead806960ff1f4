import "server-only";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { dashboardDb } from "@/lib/db";
import { signInPairs } from "@/lib/db/schema";

/**
 * Sign-in throttling (README, "Sign-in policy"). Growing delays, never a lock: the owner of an account
 * is never refused for long, and never at all from an address where no one has been guessing.
 * - per (account, address): `freeFailures` attempts, then a wait that doubles from `firstDelay` up to
 *   `maxDelay` after each further failure; a success clears it; quiet for `forgetAfter`, forgotten.
 * - per address: when `addressAccounts` or more accounts failed from it within `addressWindow`
 *   (credential stuffing), each attempt there waits a doubling delay up to `addressMaxDelay`, except
 *   for an account that has already signed in from that address.
 * - per device: an attempt that shows a device cookie of this account (lib/auth/device-cookie.ts) is
 *   counted for that device instead, by the per-account rule, and no address slows it: a pupil
 *   guessing on the school's network never holds the teacher back on the teacher's own tablet.
 */
export const SIGN_IN_POLICY = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  forgetAfterHours: 24,
  addressAccounts: 20,
  addressWindowMinutes: 60,
  addressFirstDelaySeconds: 10,
  addressMaxDelaySeconds: 5 * 60,
} as const;

const P = SIGN_IN_POLICY;
const UNKNOWN_ADDRESS = "unknown";

/** The row an attempt is counted in: the device's when it showed this account's device cookie. */
const keyOf = (rawAddress: string | null, device: string | null) =>
  device ? `device:${device}` : (rawAddress ?? UNKNOWN_ADDRESS);

export type Gate = { ok: true } | { ok: false; retryAt: Date };

export function pairDelaySeconds(failures: number): number {
  if (failures < P.freeFailures) return 0;
  return Math.min(P.maxDelaySeconds, P.firstDelaySeconds * 2 ** Math.min(failures - P.freeFailures, 20));
}

export function addressDelaySeconds(accounts: number): number {
  if (accounts < P.addressAccounts) return 0;
  return Math.min(
    P.addressMaxDelaySeconds,
    P.addressFirstDelaySeconds * 2 ** Math.min(accounts - P.addressAccounts, 20),
  );
}

/** The same delay in SQL, over the row's own count, so that the gate and the count move in one statement. */
function pairDelaySql(failures: SQL | typeof signInPairs.failures): SQL {
  const growth = sql`${P.firstDelaySeconds} * power(2, least(${failures} - ${P.freeFailures}, 20))`;
  return sql`case when ${failures} < ${P.freeFailures} then 0 else least(${P.maxDelaySeconds}, ${growth}) end`;
}

const at = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

async function addressGate(email: string, address: string, now: Date): Promise<Gate> {
  const db = await dashboardDb();
  const since = at(now, -P.addressWindowMinutes * 60);
  const rows = await db
    .select({
      email: signInPairs.email,
      lastFailureAt: signInPairs.lastFailureAt,
      succeededAt: signInPairs.succeededAt,
      failures: signInPairs.failures,
    })
    .from(signInPairs)
    .where(and(eq(signInPairs.address, address), gt(signInPairs.lastFailureAt, since)));
  const failing = rows.filter((row) => row.failures > 0);
  const delay = addressDelaySeconds(failing.length);
  if (delay === 0 || rows.some((row) => row.email === email && row.succeededAt)) return { ok: true };
  const latest = Math.max(...failing.map((row) => row.lastFailureAt.getTime()));
  const retryAt = at(new Date(latest), delay);
  return retryAt > now ? { ok: false, retryAt } : { ok: true };
}

/**
 * Asks to try a password. An allowed attempt is counted as a failure before the password is checked
 * (one atomic statement, so parallel guesses cannot slip through together); `signInSucceeded` undoes it.
 */
export async function beginSignInAttempt(
  email: string,
  rawAddress: string | null,
  now = new Date(),
  device: string | null = null,
): Promise<Gate> {
  const address = keyOf(rawAddress, device);
  if (!device) {
    const byAddress = await addressGate(email, address, now);
    if (!byAddress.ok) return byAddress;
  }
  const db = await dashboardDb();
  const stale = sql`${signInPairs.lastFailureAt} < ${at(now, -P.forgetAfterHours * 3600)}`;
  const elapsed = sql`${signInPairs.lastFailureAt} + make_interval(secs => ${pairDelaySql(signInPairs.failures)}) <= ${now}`;
  const counted = await db
    .insert(signInPairs)
    .values({ email, address, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [signInPairs.email, signInPairs.address],
      set: { failures: sql`case when ${stale} then 1 else ${signInPairs.failures} + 1 end`, lastFailureAt: now },
      setWhere: sql`${stale} or ${elapsed}`,
    })
    .returning({ failures: signInPairs.failures });
  if (counted.length > 0) return { ok: true };
  const [row] = await db
    .select()
    .from(signInPairs)
    .where(and(eq(signInPairs.email, email), eq(signInPairs.address, address)));
  return {
    ok: false,
    retryAt: row ? at(row.lastFailureAt, pairDelaySeconds(row.failures)) : at(now, P.firstDelaySeconds),
  };
}

/** The right password: this pair (or device) starts afresh, and the address is now known for this account. */
export async function signInSucceeded(
  email: string,
  rawAddress: string | null,
  now = new Date(),
  device: string | null = null,
): Promise<void> {
  const db = await dashboardDb();
  await db
    .update(signInPairs)
    .set({ failures: 0, succeededAt: now })
    .where(and(eq(signInPairs.email, email), eq(signInPairs.address, keyOf(rawAddress, device))));
}
