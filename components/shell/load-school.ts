import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { schoolOrNull } from "@/lib/failures/school";
import type { Locale, Translate } from "@/lib/i18n/core";
import { failureMessage } from "@/lib/v1";
import { logger } from "@/lib/ops/log";
import { schoolNameIn } from "@/lib/features/school/name";

export type SchoolHeading = { ok: true; name: string } | { ok: false; message: string };

/**
 * The school's name for the header, in the reader's language where the school gives one. GET /school
 * is memoized per connection, so this costs no v1 call after the first. A refusal (revoked key,
 * suspension…) becomes a message instead of a crash; anything else is a bug and is thrown.
 */
export async function loadSchoolHeading(actor: Actor, locale: Locale, t: Translate): Promise<SchoolHeading> {
  const refused = { message: "" };
  const school = await schoolOrNull(actor.connectionId, (failure) => {
    logger().warn({ kind: "shell", code: failure.code }, "the school API did not answer the shell");
    refused.message = failureMessage(failure, t);
  });
  if (!school) return { ok: false, message: refused.message };
  return { ok: true, name: schoolNameIn(school, locale) };
}
