import { authSecret } from "@/lib/auth/secret";
import { dashboardDb } from "@/lib/db";
import { unsubscribe, unsubscribePage, unsubscriberEmail } from "@/lib/features/notices/unsubscribe";
import { verifyUnsubscribe } from "@/lib/features/notices/unsubscribe-token";

/**
 * The signed unsubscribe link of every message to a family (RFC 8058), without signing in.
 * GET shows a confirmation; POST (the mail client's one-click `List-Unsubscribe=One-Click`, or the
 * page's own button) turns the kind off.
 */
export const dynamic = "force-dynamic";

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });

function claimOf(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, claim: verifyUnsubscribe(token, authSecret()) };
}

const actionOf = (token: string) => `/api/notices/unsubscribe?token=${encodeURIComponent(token)}`;

export async function GET(request: Request): Promise<Response> {
  const { token, claim } = claimOf(request);
  if (!claim) return html(unsubscribePage(null, null, ""), 400);
  const email = await unsubscriberEmail(await dashboardDb(), claim);
  if (email === null) return html(unsubscribePage(claim, null, ""), 404);
  return html(unsubscribePage(claim, { email, done: false }, actionOf(token)));
}

export async function POST(request: Request): Promise<Response> {
  const { token, claim } = claimOf(request);
  if (!claim) return html(unsubscribePage(null, null, ""), 400);
  const done = await unsubscribe(await dashboardDb(), claim);
  if (!done) return html(unsubscribePage(claim, null, ""), 404);
  return html(unsubscribePage(claim, { email: done.email, done: true }, actionOf(token)));
}
