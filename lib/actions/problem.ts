import "server-only";
import type { Translate } from "@/lib/i18n/core";
import { failureMessage, failureOf } from "@/lib/v1";

/** A school API refusal in the reader's language; the server's own message is never shown. */
export function problemMessage(error: unknown, t: Translate): string {
  const failure = failureOf(error);
  return failure ? failureMessage(failure, t) : t("errors.unexpected");
}
