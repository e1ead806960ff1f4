/**
 * Counts v1 calls per dashboard page request (the `x-dashboard-request` header the dashboard adds in
 * embedded mode), so tests can hold each page to its documented call budget. Bounded: the oldest
 * request ids are forgotten first.
 */
const MAX_TRACKED = 2_000;
/** Operations kept per request id; the scheduler's "background" id lives as long as the server. */
const MAX_PER_REQUEST = 10_000;
const calls = new Map<string, string[]>();

export function traceCall(requestId: string | null, operation: string): void {
  if (!requestId || process.env.SCHOOL_API_TRACE !== "1") return;
  const list = calls.get(requestId);
  if (list) {
    if (list.length < MAX_PER_REQUEST) list.push(operation);
    return;
  }
  if (calls.size >= MAX_TRACKED) calls.delete(calls.keys().next().value as string);
  calls.set(requestId, [operation]);
}

export function tracedCalls(requestId: string): string[] {
  return calls.get(requestId) ?? [];
}
