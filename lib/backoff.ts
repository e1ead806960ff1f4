/**
 * "Full jitter" backoff, shared by the server's v1 client (lib/v1/retry.ts) and the browser's
 * outbox (lib/features/live/outbox): uniform in [0, min(cap, base · 2^(attempt-1))]; `attempt`
 * counts from 1. Pure: the caller brings its own random source (a fake one in tests).
 */
export function fullJitter(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(Math.max(drawn, 0), 1) : 0;
  return Math.floor(r * Math.max(ceiling, 0));
}
