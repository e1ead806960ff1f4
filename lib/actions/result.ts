import { FAILURE_KINDS } from "@/lib/v1/failures";

/**
 * What every action answers, the server's and the browser's alike (the live register's queue reads
 * the same shape). No `server-only`: browser code imports these types.
 *
 * A failure says why an action did not happen, for the person (`message`, in their language) and
 * for the screen: `code` is the school's error code or the dashboard's own (`signed_out`,
 * `invalid_input`, `forbidden`); `retryable`: the same request may succeed later (network, 5xx,
 * 429); `blocked`: no write through this connection can succeed until the school changes something.
 */
export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  /** Field (or, for marks, student id) → catalogue key, translated where it is shown. */
  fieldErrors?: Record<string, string>;
  retryable: boolean;
  blocked: boolean;
};

export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

/**
 * A call that got no answer (it threw, or its time ran out), read through the one failure model:
 * its code's row of FAILURE_KINDS says whether to try again and whether writes are blocked, and its
 * message is that row's catalogue key, for a screen to show through its strings. Whatever the
 * browser said (`Failed to fetch`) is never kept.
 */
export function unanswered(code: "network_error" | "timeout"): ActionFailure {
  const kind = FAILURE_KINDS[code];
  return { ok: false, code, message: kind.message, retryable: kind.retryable, blocked: kind.blocksWrites };
}
