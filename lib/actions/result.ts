import { FAILURE_CODE, FAILURE_KINDS, type FailureCode } from "@/lib/v1/failures";

/**
 * What every action answers, the server's and the browser's alike (the live register's queue reads
 * the same shape). No `server-only`: browser code imports these types.
 *
 * A failure says why an action did not happen, for the person (`message`, in their language) and
 * for the screen: `code` is the school's error code (FAILURE_KINDS) or one of the dashboard's own
 * refusals (`refusal` in ./define-action.ts: signed out, invalid input, not allowed); `retryable`: the same request may succeed later (network, 5xx,
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
 * A call that got no answer, read through the one failure model: its code's row of FAILURE_KINDS says
 * whether to try again and whether writes are blocked, and its message is that row's catalogue key,
 * for a screen to show through its strings. Whatever the browser said (`Failed to fetch`) is never kept.
 */
function unanswered(code: FailureCode): ActionFailure {
  const kind = FAILURE_KINDS[code];
  return { ok: false, code, message: kind.message, retryable: kind.retryable, blocked: kind.blocksWrites };
}

/** The call threw before any answer came (the network, the server gone): the client's network failure. */
export const noAnswer = (): ActionFailure => unanswered(FAILURE_CODE.network_error);

/** The call's time ran out before an answer came: the client's timeout. */
export const noAnswerInTime = (): ActionFailure => unanswered(FAILURE_CODE.timeout);
