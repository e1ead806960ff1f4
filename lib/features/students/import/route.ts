import "server-only";
import { currentActor } from "@/lib/auth/session";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { translator, type Translate } from "@/lib/i18n/core";
import { isCrossOrigin } from "@/lib/security/action-origin";
import { BODY_LIMITS, readCappedBody } from "@/lib/security/body-limit";
import { failureMessage, failureOf } from "@/lib/v1";
import {
  failureAnswer,
  forbiddenAnswer,
  invalidInputAnswer,
  notFoundAnswer,
  signedOutAnswer,
  tooLargeAnswer,
} from "@/lib/web/staff-json";
import { RECORD_ID } from "./inputs";

const NO_STORE = { "Cache-Control": "no-store" };

/** What a handler answers for a body it cannot take: a 400 in the reader's language. */
export const INVALID = Symbol("invalid input");
const invalid = (t: Translate) => invalidInputAnswer(t("errors.invalidInput"));

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
  if (!actor) return signedOutAnswer();
  if (actor.role !== "admin" || !can.createStudent(await subjectOf(actor))) return notFoundAnswer();
  const t = translator(actor.locale);
  if (isCrossOrigin(request.headers)) return forbiddenAnswer(t("errors.forbidden"));
  const body = await readCappedBody(request, BODY_LIMITS.studentImport);
  if (!body) return tooLargeAnswer(t("students.import.file.tooLarge", { mb: 5 }));
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
