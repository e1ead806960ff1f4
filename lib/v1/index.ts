import "server-only";

export { createV1Client, type V1Client, type V1ClientOptions } from "./client";
export * from "./errors";
export { DEFAULT_TIMEOUT_MS, normalizeBaseUrl, type V1CallObservation } from "./fetch";
export { backoffDelay, DEFAULT_RETRY, parseRetryAfter, sleep, type RetryPolicy } from "./retry";
export type { CallArgs, ItemOf, Page, PaginatedName, QueryArgs, ResultOf } from "./types";
export * from "./failures";
