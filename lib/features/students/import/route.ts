import "server-only";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { translator, type Translate } from "@/lib/i18n/core";
import { isCrossOrigin } from "@/lib/security/action-origin";
import { BODY_LIMITS, readCappedBody } from "@/lib/security/body-limit";
import { failureMessage, failureOf } from "@/lib/v1";
import { failureAnswer } from "@/lib/web/staff-json";
import { RECORD_ID } from "./inputs";

const NO_STORE = { "Cache-Control": "no-store" };

/** What a handler answers for a body it cannot take: a 400 in the reader's language. */
export const INVALID = Symbol("invalid input");
const invalid = (t: Translate) =>
  Response.json({ error: "invalid_input", message: t("errors.invalidInput") }, { status: 400, headers: NO_STORE });

/**
 * The import's two POST routes (reading the file, checking edited rows): JSON answers, checked as
 * its page is. Signed out 401; anyone who may not add students 404 (the page does not admit it
 * exists); another origin 403; a body over the limit 413; a malformed semester or body 400; a refusal of the school's API 503 when
 * trying again can help, else 502, with its message in the reader's language. They write nothing.
 */
export async function importRoute(
  request: Request,
  handle: (actor: Actor, body: Uint8Array, t: Translate) => Promise<unknown>,
): Promise<Response> {
  const semester = new URL(request.url).searchParams.get("semester");
  const actor = await currentActor();
  if (!actor) return Response.json({ error: "signed_out" }, { status: 401, headers: NO_STORE });
  if (actor.role !== "admin" || !can.createStudent(await subjectOf(actor)))
    return Response.json({ error: "not_found" }, { status: 404, headers: NO_STORE });
  const t = translator(actor.locale);
  if (isCrossOrigin(request.headers))
    return Response.json({ error: "forbidden", message: t("errors.forbidden") }, { status: 403, headers: NO_STORE });
  const body = await readCappedBody(request, BODY_LIMITS.studentImport);
  if (!body)
    return Response.json(
      { error: "payload_too_large", message: t("students.import.file.tooLarge", { mb: 5 }) },
      { status: 413, headers: NO_STORE },
    );
  if (semester !== null && !RECORD_ID.test(semester)) return invalid(t);
  try {
    const answer = await handle(actor, body, t);
    return answer === INVALID ? invalid(t) : Response.json(answer, { headers: NO_STORE });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return failureAnswer(failure, failureMessage(failure, t));
  }
}
