import { createHash } from "node:crypto";

/** Keys are stored as the SHA-256 hex of the whole key; the key itself is shown once and never kept. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
