import "server-only";
import type { Translate } from "@/lib/i18n/core";
import {
  ConflictError,
  FeatureUnavailableError,
  InsufficientScopeError,
  InvalidApiKeyError,
  NetworkDeniedError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RolloutIneligibleError,
  SchoolSuspendedError,
  V1Error,
  WriteAccessDisabledError,
  WritePolicyDeniedError,
} from "@/lib/v1";

/** A school API refusal in the reader's language; the server's own message is never shown. */
export function problemMessage(error: V1Error, t: Translate): string {
  if (error instanceof InvalidApiKeyError) return t("errors.invalidKey");
  if (error instanceof InsufficientScopeError) return error.requiredScope ? t("errors.insufficientScope", { scope: error.requiredScope }) : t("errors.insufficientScopeUnknown");
  if (error instanceof FeatureUnavailableError) return t("errors.featureUnavailable");
  if (error instanceof WriteAccessDisabledError) return t("errors.writeAccessDisabled");
  if (error instanceof WritePolicyDeniedError) return t("errors.writePolicyDenied");
  if (error instanceof RolloutIneligibleError) return t("errors.rolloutIneligible");
  if (error instanceof SchoolSuspendedError) return t("errors.suspended");
  if (error instanceof NetworkDeniedError) return t("errors.networkDenied");
  if (error instanceof NotFoundError) return t("errors.notFound");
  if (error instanceof ConflictError) return t("errors.conflict");
  if (error instanceof RateLimitedError) return t("errors.rateLimited");
  if (error instanceof NetworkError) return t("errors.unavailable");
  return t("errors.unexpected");
}
