import "server-only";
import { problemMessage } from "@/lib/actions/problem";
import type { Actor } from "@/lib/auth/actor";
import { clientFor } from "@/lib/connections";
import type { Locale, Translate } from "@/lib/i18n/core";
import { failureOf } from "@/lib/v1";
import { logger } from "@/lib/ops/log";

export type SchoolHeading = { ok: true; name: string } | { ok: false; message: string };

/**
 * The school's name for the header, in the reader's language where the school gives one. GET /school
 * is memoized per connection, so this costs no v1 call after the first. A refusal (revoked key,
 * suspension…) becomes a message instead of a crash; anything else is a bug and is thrown.
 */
export async function loadSchoolHeading(actor: Actor, locale: Locale, t: Translate): Promise<SchoolHeading> {
  try {
    const school = await clientFor(actor.connectionId).tenant();
    return { ok: true, name: locale === "ar" && school.name_ar ? school.name_ar : school.name };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    logger().warn({ kind: "shell", code: failure.code }, "the school API did not answer the shell");
    return { ok: false, message: problemMessage(error, t) };
  }
}
