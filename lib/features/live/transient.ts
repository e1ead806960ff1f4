import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { ActionResult } from "@/lib/actions/define-action";
import { V1Error } from "@/lib/v1";
import { isTransient } from "@/lib/v1/retry";
import type { LiveResult } from "./types";

/**
 * defineAction turns every refusal of the school's API into `{ ok: false, message }`; the live
 * queue must also know whether trying again can help. The action's callbacks note a transient
 * v1 failure (network, timeout, 5xx, 429) here, and `classify` adds `retryable` to the result.
 */
const failures = new AsyncLocalStorage<{ transient: boolean }>();

export function noteFailure(error: unknown): void {
  const state = failures.getStore();
  if (state && error instanceof V1Error && isTransient(error)) state.transient = true;
}

/** Runs `task`, noting a transient v1 failure it throws, and rethrows. */
export async function watch<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    noteFailure(error);
    throw error;
  }
}

export async function classify<T>(action: () => Promise<ActionResult<T>>): Promise<LiveResult<T>> {
  const state = { transient: false };
  const result = await failures.run(state, action);
  return result.ok ? result : { ...result, retryable: state.transient };
}
