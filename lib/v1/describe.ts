import "server-only";
import {
  FeatureUnavailableError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidApiKeyError,
  NetworkDeniedError,
  NetworkError,
  RateLimitedError,
  ResponseShapeError,
  RolloutIneligibleError,
  SchoolSuspendedError,
  ServerError,
  TimeoutError,
  V1ConfigError,
  V1Error,
  WriteAccessDisabledError,
  WritePolicyDeniedError,
} from "./errors";

export type Problem = { title: string; detail: string; code: string };

/**
 * A calm explanation for people, written here rather than taken from the server: the server's text
 * is for logs, and what a page shows must never depend on it.
 */
export function describeV1Error(error: V1Error): Problem {
  const code = error.code;
  if (error instanceof V1ConfigError) {
    return { code, title: "The school connection is not set up", detail: "This dashboard has no valid address or key for the school's service. An administrator of this server needs to configure it." };
  }
  if (error instanceof InvalidApiKeyError) {
    return { code, title: "The school's key was not accepted", detail: "The key this dashboard uses is missing, expired or revoked. A school administrator needs to issue a new key and configure it on this server." };
  }
  if (error instanceof InsufficientScopeError) {
    const scope = error.requiredScope ? ` (${error.requiredScope})` : "";
    return { code, title: "The key lacks a permission", detail: `The school's key does not include the permission this page needs${scope}. Keys cannot gain permissions; the school replaces the key with one that has it.` };
  }
  if (error instanceof SchoolSuspendedError) {
    return { code, title: "The school's access is suspended", detail: "The service has suspended this school's access. Please contact the service provider." };
  }
  if (error instanceof NetworkDeniedError) {
    return { code, title: "This server is not allowed to connect", detail: "The school's network rules do not allow requests from this dashboard's server." };
  }
  if (error instanceof FeatureUnavailableError) {
    return { code, title: "This feature is not enabled", detail: "The school has not enabled this feature in its service." };
  }
  if (error instanceof RolloutIneligibleError || error instanceof WriteAccessDisabledError || error instanceof WritePolicyDeniedError) {
    return { code, title: "Changes are not allowed right now", detail: "The school's service does not currently accept changes from this dashboard. Reading still works." };
  }
  if (error instanceof ForbiddenError) {
    return { code, title: "The school's service declined the request", detail: "The key is valid, but the school's policy does not allow this operation." };
  }
  if (error instanceof TimeoutError) {
    return { code, title: "The school's service did not answer in time", detail: "It may be busy or unreachable. Try again in a moment." };
  }
  if (error instanceof NetworkError) {
    return { code, title: "The school's service could not be reached", detail: "Check that the service is running and reachable from this server, then try again." };
  }
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfter ? ` in about ${error.retryAfter} seconds` : " in a moment";
    return { code, title: "The school's service is busy", detail: `Too many requests were made with this key. Try again${wait}.` };
  }
  if (error instanceof ServerError) {
    return { code, title: "The school's service had a problem", detail: "It could not complete the request. Try again in a moment." };
  }
  if (error instanceof ResponseShapeError) {
    return { code, title: "The school's service answered unexpectedly", detail: "Its answer does not match the v1 contract this dashboard understands." };
  }
  return { code, title: "The request could not be completed", detail: "The school's service refused it." };
}
