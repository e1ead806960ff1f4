import { authSecret } from "@/lib/auth/secret";
import { dashboardDb } from "@/lib/db";
import {
  UNSUBSCRIBE_PAGE_CSP,
  unsubscribe,
  unsubscribePage,
  unsubscriberOf,
  type Unsubscriber,
} from "@/lib/features/notices/unsubscribe";
import { verifyUnsubscribe, type UnsubscribeClaim } from "@/lib/features/notices/unsubscribe-token";
import { schoolOf } from "@/lib/features/school/of-connection";
import { apiSecurityHeaders } from "@/lib/security/headers";

/**
 * The signed unsubscribe link of every message to a family (RFC 8058), without signing in.
 * GET shows a confirmation; POST (the mail client's one-click `List-Unsubscribe=One-Click`, or the
 * page's own button) turns the kind off.
 */
export const dynamic = "force-dynamic";

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    // The API's security headers (next.config.mjs leaves this route to set them), its CSP allowing the page's style.
    headers: {
      ...apiSecurityHeaders(),
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": UNSUBSCRIBE_PAGE_CSP,
    },
  });

function claimOf(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, claim: verifyUnsubscribe(token, authSecret()) };
}

const actionOf = (token: string) => `/api/notices/unsubscribe?token=${encodeURIComponent(token)}`;

/** The page for a person found, under their school's name in the message's language. */
async function pageFor(claim: UnsubscribeClaim, person: Unsubscriber, done: boolean, token: string) {
  const school = (await schoolOf(person.connectionId, claim.locale)).name;
  return html(unsubscribePage(claim, { email: person.email, done, school }, actionOf(token)));
}

export async function GET(request: Request): Promise<Response> {
  const { token, claim } = claimOf(request);
  if (!claim) return html(unsubscribePage(null, null, ""), 400);
  const person = await unsubscriberOf(await dashboardDb(), claim);
  if (person === null) return html(unsubscribePage(claim, null, ""), 404);
  return pageFor(claim, person, false, token);
}

export async function POST(request: Request): Promise<Response> {
  const { token, claim } = claimOf(request);
  if (!claim) return html(unsubscribePage(null, null, ""), 400);
  const person = await unsubscribe(await dashboardDb(), claim);
  if (!person) return html(unsubscribePage(claim, null, ""), 404);
  return pageFor(claim, person, true, token);
}
