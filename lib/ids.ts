import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * A new opaque id: a resource prefix, then 10 characters of time and 16 of randomness
 * (Crockford base32, lowercase). Never sequential, sortable by creation time.
 */
export function newId(prefix: string, at: number = Date.now()): string {
  let time = "";
  let t = at;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte % 32];
  return `${prefix}_${time}${random}`;
}
