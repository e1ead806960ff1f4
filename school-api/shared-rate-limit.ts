import { sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateBuckets } from "./db/schema";
import { grantedState, ratePerMs, refusal, type RateLimit, type RateState } from "./rate-limit";

/**
 * The per-key token buckets in the API's PostgreSQL, so that several instances enforce one limit
 * (a key gets `perMinute` requests in all, not per instance). One statement per request refills the
 * key's bucket, takes a token when there is one, and says whether it did; concurrent requests of a
 * key queue on its row for that statement only. Clocks of instances may differ by a little: time
 * never runs backwards for a bucket (elapsed time below 0 counts as 0).
 */
export function sharedRateLimiter(db: Db, defaultPerMinute: number): RateLimit {
  return {
    defaultPerMinute,
    async take(keyId: string, perMinute: number | null, nowMs: number): Promise<RateState | null> {
      const limit = perMinute ?? defaultPerMinute;
      if (limit <= 0) return null;
      const refill = sql`least(${limit}::float8, ${rateBuckets.tokens} + greatest(0, ${nowMs}::bigint - ${rateBuckets.atMs}) * ${ratePerMs(limit)}::float8)`;
      const [row] = await db
        .insert(rateBuckets)
        .values({ keyId, tokens: limit - 1, atMs: nowMs, granted: true })
        .onConflictDoUpdate({
          target: rateBuckets.keyId,
          set: {
            tokens: sql`case when ${refill} >= 1 then ${refill} - 1 else ${refill} end`,
            atMs: sql`greatest(${rateBuckets.atMs}, ${nowMs}::bigint)`,
            granted: sql`${refill} >= 1`,
          },
        })
        .returning({ tokens: rateBuckets.tokens, granted: rateBuckets.granted });
      if (!row) throw new Error("the rate bucket upsert returned no row");
      if (!row.granted) throw refusal(limit, row.tokens);
      return grantedState(limit, row.tokens);
    },
  };
}
