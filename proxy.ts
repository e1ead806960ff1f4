import { NextResponse, type NextRequest } from "next/server";
import { isCrossSiteAction } from "@/lib/security/action-origin";
import { unknownActionAnswer } from "@/lib/security/action-ids";
import { actionReplyProblem } from "@/lib/security/action-reply";
import { apiSecurityHeaders, newNonce, newRequestId, oidcOrigin, securityHeaders } from "@/lib/security/headers";
import { hasSessionCookie } from "@/lib/security/session-cookie";
import { apiBadRequest, apiForbidden } from "@/lib/web/api-error";

/** Pages anyone may open; every other page needs a session (checked for real by the page itself). */
const PUBLIC_PATHS = new Set(["/", "/login"]);
/** Files anyone may fetch (public/ and app/manifest.ts): headers, but never a sign-in redirect. */
const PUBLIC_FILES = /^\/(?:icon\.svg|sw\.js|manifest\.webmanifest|favicon\.ico|robots\.txt|icons\/[\w.-]+)$/;

/**
 * Next.js 16 Proxy (formerly middleware; Node.js runtime). For every page request it:
 * - makes a per-request CSP nonce and sets the security headers (Next.js reads the nonce back from
 *   the request's CSP header and puts it on its own scripts, so pages render dynamically);
 * - forwards the request's `x-request-id` (lib/security/peer-stamp.ts) to the app and echoes it in the response;
 * - refuses a server action posted from another site with a 403 (Next would answer 500), and answers
 *   an action id this build does not have as Next.js would, without its stack trace in the log, and
 *   arguments that refer to parts never sent, or nest deeper than any form, with a 400
 *   (lib/security/action-reply.ts);
 * - sends signed-out visitors of non-public pages to /login. That is only a convenience: who may
 *   see or do what is decided in pages and server actions (requireActor, can.*), never here.
 */
export async function proxy(request: NextRequest) {
  if (isCrossSiteAction(request.method, request.headers)) {
    return apiForbidden("A server action must come from this site's own pages", apiSecurityHeaders());
  }
  const unknownAction = unknownActionAnswer(request.method, request.headers);
  if (unknownAction) {
    for (const [name, value] of Object.entries(apiSecurityHeaders())) unknownAction.headers.set(name, value);
    return unknownAction;
  }
  const replyProblem =
    request.method === "POST" && request.headers.has("next-action") ? await actionReplyProblem(request) : null;
  if (replyProblem)
    return apiBadRequest(`The server action's arguments cannot be read: ${replyProblem}`, apiSecurityHeaders());
  const nonce = newNonce();
  // Made (or taken from a trusted proxy) where Node announced the request: lib/security/peer-stamp.ts.
  const requestId = request.headers.get("x-request-id") ?? newRequestId();
  const origin = oidcOrigin();
  const headers = securityHeaders({
    nonce,
    host: request.headers.get("host"),
    dev: process.env.NODE_ENV === "development",
    formActionOrigins: origin ? [origin] : [],
  });

  const signedOut = !hasSessionCookie(request.cookies.getAll().map((cookie) => cookie.name));
  const isRead = request.method === "GET" || request.method === "HEAD";
  const response =
    signedOut && isRead && !PUBLIC_PATHS.has(request.nextUrl.pathname) && !PUBLIC_FILES.test(request.nextUrl.pathname)
      ? NextResponse.redirect(loginUrl(request))
      : NextResponse.next({
          request: { headers: forwardedHeaders(request, headers["Content-Security-Policy"]!, nonce, requestId) },
        });

  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set("x-request-id", requestId);
  return response;
}

function forwardedHeaders(request: NextRequest, csp: string, nonce: string, requestId: string): Headers {
  const forwarded = new Headers(request.headers);
  forwarded.set("Content-Security-Policy", csp);
  forwarded.set("x-nonce", nonce);
  forwarded.set("x-request-id", requestId);
  return forwarded;
}

function loginUrl(request: NextRequest): URL {
  const url = new URL("/login", request.url);
  const back = new URL(request.nextUrl);
  back.searchParams.delete("_rsc");
  url.searchParams.set("next", `${back.pathname}${back.search}`);
  return url;
}

export const config = {
  matcher: [
    {
      // Every path, whatever it ends with (`/students/x.json` is a page), except the embedded school
      // API and the auth endpoints (/api/**: JSON, headers from next.config.mjs and own request ids)
      // and Next's own files (build output, images, the dev server's socket); not link prefetches
      // either (they carry no HTML).
      source: "/((?!api/|api$|_next/).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
