import { createHash, timingSafeEqual } from "node:crypto";

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/**
 * Whether `Authorization: Bearer <token>` carries this token, for the surfaces an operator opens
 * with a token of their own (the school-admin surface, the metrics). Constant time whatever the
 * lengths: both sides are hashed to 32 bytes first.
 */
export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header?.trim() ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && Boolean(match);
}
