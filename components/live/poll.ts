/** The live register's poll (GET /api/live/sessions/{id}) and what it says when the poll fails. */
import { queryOptions, replaceEqualDeep } from "@tanstack/react-query";
import type { LiveSnapshot } from "@/lib/features/live/types";

export const POLL_MS = 3000;

/**
 * The register's query: the snapshot the page was rendered with, then a poll every 3 s while the tab
 * is visible. The page's snapshot counts as fresh for one poll interval from when the server read it,
 * so the register does not ask again on its first render for what the server has just sent (issue 31);
 * a page older than that (a copy the service worker kept, a page restored later) polls at once.
 */
export function pollOptions(initial: LiveSnapshot) {
  const sessionId = initial.session.id;
  return queryOptions({
    queryKey: ["live-session", sessionId],
    queryFn: () => fetchSnapshot(sessionId),
    initialData: initial,
    initialDataUpdatedAt: Date.parse(initial.fetchedAt),
    staleTime: POLL_MS,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Offline, the service worker answers the poll with the last one it saw (public/sw.js): ask it anyway.
    networkMode: "offlineFirst",
    // A poll that brings nothing new but its time keeps the data it had: no render of the register.
    structuralSharing: samePoll,
  });
}

/** The previous data when a poll differs from it only in when it was fetched (else TanStack's structural sharing). */
function samePoll(previous: unknown, next: unknown): unknown {
  if (
    previous &&
    next &&
    JSON.stringify({ ...(previous as LiveSnapshot), fetchedAt: 0 }) ===
      JSON.stringify({ ...(next as LiveSnapshot), fetchedAt: 0 })
  )
    return previous;
  return replaceEqualDeep(previous, next);
}

/** A key of the live catalogue's `poll` part: why the register could not be refreshed. */
export type PollProblem = "poll.signedOut" | "poll.notFound" | "poll.noAnswer" | "poll.failed";

/**
 * Why the poll failed, for the register to say: a refusal of the school's API comes as the route
 * put it (lib/web/staff-json.ts: its catalogue's sentence, in the reader's language); anything else
 * is one of the `poll` keys. The browser's own text (`Failed to fetch`) is never shown.
 */
export class PollError extends Error {
  constructor(
    readonly problem: PollProblem,
    readonly refusal: string | null = null,
  ) {
    super(problem);
    this.name = "PollError";
  }
}

function pollProblemOf(status: number): PollProblem {
  if (status === 401) return "poll.signedOut";
  if (status === 404) return "poll.notFound";
  return "poll.failed";
}

export async function fetchSnapshot(sessionId: string): Promise<LiveSnapshot> {
  const response = await fetch(`/api/live/sessions/${encodeURIComponent(sessionId)}`, {
    cache: "no-store",
    headers: { Accept: "application/json" },
  }).catch(() => {
    throw new PollError("poll.noAnswer");
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    // 502/503 (staff-json.ts): a failure with a code, its message read from the catalogue on the server.
    const refusal =
      (response.status === 502 || response.status === 503) &&
      typeof body?.code === "string" &&
      typeof body.message === "string"
        ? body.message
        : null;
    throw new PollError(pollProblemOf(response.status), refusal);
  }
  return (await response.json().catch(() => {
    throw new PollError("poll.failed");
  })) as LiveSnapshot;
}

/** What the register says of a failed poll, in the reader's words. */
export function pollMessage(error: Error, t: (key: PollProblem) => string): string {
  if (!(error instanceof PollError)) return t("poll.failed");
  return error.refusal ?? t(error.problem);
}
