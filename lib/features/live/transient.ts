import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { ActionResult } from "@/lib/actions/define-action";
import {
  InsufficientScopeError,
  InvalidApiKeyError,
  NetworkDeniedError,
  RolloutIneligibleError,
  SchoolSuspendedError,
  V1Error,
  WriteAccessDisabledError,
  WritePolicyDeniedError,
} from "@/lib/v1";
import { isTransient } from "@/lib/v1/retry";
import type { LiveResult } from "./types";

/**
 * defineAction turns every refusal of the school's API into `{ ok: false, message }`; the live
 * queue must also know whether trying again can help. The action's callbacks note a transient
 * v1 failure (network, timeout, 5xx, 429) here, and `classify` adds `retryable` to the result.
 */
const failures = new AsyncLocalStorage<{ transient: boolean; blocked: boolean }>();

/** Refusals about the key or the school, not about this write: no other write can succeed either. */
const BLOCKING = [InsufficientScopeError, InvalidApiKeyError, NetworkDeniedError, RolloutIneligibleError, SchoolSuspendedError, WriteAccessDisabledError, WritePolicyDeniedError];

export function noteFailure(error: unknown): void {
  const state = failures.getStore();
  if (!state || !(error instanceof V1Error)) return;
  if (isTransient(error)) state.transient = true;
  if (BLOCKING.some((kind) => error instanceof kind)) state.blocked = true;
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
  const state = { transient: false, blocked: false };
  const result = await failures.run(state, action);
  if (result.ok) return result;
  return { ...result, retryable: state.transient, ...(state.blocked ? { blocked: true } : {}) };
}
