import { NextResponse, type NextRequest } from "next/server";
import { isCrossSiteAction } from "@/lib/security/action-origin";
import { apiSecurityHeaders, newNonce, newRequestId, oidcOrigin, securityHeaders } from "@/lib/security/headers";
import { hasSessionCookie } from "@/lib/security/session-cookie";

/** Pages anyone may open; every other page needs a session (checked for real by the page itself). */
const PUBLIC_PATHS = new Set(["/", "/login"]);

/**
 * Next.js 16 Proxy (formerly middleware; Node.js runtime). For every page request it:
 * - makes a per-request CSP nonce and sets the security headers (Next.js reads the nonce back from
 *   the request's CSP header and puts it on its own scripts, so pages render dynamically);
 * - tags the request with a random `x-request-id`, forwarded to the app and echoed in the response;
 * - refuses a server action posted from another site with a 403 (Next would answer 500);
 * - sends signed-out visitors of non-public pages to /login. That is only a convenience: who may
 *   see or do what is decided in pages and server actions (requireActor, can.*), never here.
 */
export function proxy(request: NextRequest) {
  if (isCrossSiteAction(request.method, request.headers)) {
    const body = { error: { code: "forbidden", message: "A server action must come from this site's own pages" } };
    return NextResponse.json(body, { status: 403, headers: apiSecurityHeaders() });
  }
  const nonce = newNonce();
  const requestId = newRequestId();
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
    signedOut && isRead && !PUBLIC_PATHS.has(request.nextUrl.pathname)
      ? NextResponse.redirect(loginUrl(request))
      : NextResponse.next({ request: { headers: forwardedHeaders(request, headers["Content-Security-Policy"]!, nonce, requestId) } });

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
      // Not the embedded school API and the auth endpoints (/api/**: JSON, own request ids), not
      // Next's own files (build output, images, the dev server's socket), not public files; not link
      // prefetches either (they carry no HTML).
      source: "/((?!api/|api$|_next/|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|txt|xml|json|webmanifest|woff2?|ttf|css|js|map)$).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
