import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { currentActor } from "@/lib/auth/session";
import type { Role } from "@/lib/db/schema";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import { i18nFor, translator } from "@/lib/i18n/core";
import { failureMessage, failureOf } from "@/lib/v1";
import { failureAnswer, notFoundAnswer, signedOutAnswer } from "@/lib/web/staff-json";
import type { CardSet } from "./load";
import { renderCards } from "./render";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * What a card route reads of its request: the term (`?semester=`, an id from a response), or none.
 * An id is never this long: such a value stays unmatched (404) without being carried further.
 */
function semesterParam(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("semester");
  if (!value) return null;
  return value.length <= 255 ? value : "-";
}

/**
 * A card route's `GET`: the record's id from the route's segment `param`, the term from `?semester=`,
 * the PDF named `{prefix}-{term}-{id}.pdf`; answered as `cardsResponse` says.
 * `export const GET = cardsRoute("id", ["admin", "teacher"], loadHalqaCards, "report-cards");`
 */
export function cardsRoute<P extends string>(
  param: P,
  roles: readonly Role[],
  load: (actor: Actor, id: string, semester: string | null) => Promise<CardSet | null>,
  prefix: "report-card" | "report-cards",
) {
  return async (request: Request, { params }: { params: Promise<Record<P, string>> }): Promise<Response> => {
    const id = (await params)[param];
    return cardsResponse(
      roles,
      (actor) => load(actor, id, semesterParam(request)),
      (set) => `${prefix}-${namePart(set.term.id)}-${namePart(id)}`,
    );
  };
}

/**
 * A card route's answer, checked like the halqa export: signed out 401; a role the route does not
 * serve, or a student or halqa the reader may not see (another family's child, another teacher's
 * halqa, a term that is not the record's): 404, never a hint that it exists. The school refusing or
 * not answering: its reason in the reader's language (502/503). Otherwise the PDF as a download.
 */
async function cardsResponse(
  roles: readonly Role[],
  load: (actor: Actor) => Promise<CardSet | null>,
  filename: (set: CardSet) => string,
): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  if (!roles.includes(actor.role)) return notFoundAnswer();
  const { formats } = await getSchoolLanguages(actor.connectionId);
  try {
    const set = await load(actor);
    if (!set) return notFoundAnswer();
    const pdf = await renderCards(set.cards, i18nFor(actor.locale, set.school.time_zone, formats));
    return new Response(pdf, {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename(set)}.pdf"`,
      },
    });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return failureAnswer(failure, failureMessage(failure, translator(actor.locale, formats.numerals)), "text");
  }
}

/** A file name part from an opaque id: ASCII letters, digits, `-` and `_` only. */
function namePart(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 60) || "x";
}
