/** The live register's poll (GET /api/live/sessions/{id}) and what it says when the poll fails. */
import type { LiveSnapshot } from "@/lib/features/live/types";

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
