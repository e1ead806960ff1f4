import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/** Asserts every security header of an HTML response and returns its CSP nonce. */
function expectSecurityHeaders(response: APIResponse): string {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  // The e2e suite runs a production build: no eval, no inline scripts without the nonce.
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  // Served on 127.0.0.1: no HSTS, or browsers would insist on https for this machine for a year.
  expect(headers["strict-transport-security"]).toBeUndefined();
  return nonce!;
}

async function expectHtmlPage(request: APIRequestContext, path: string, status = 200): Promise<void> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(status);
  expect(response.headers()["content-type"]).toContain("text/html");
  const nonce = expectSecurityHeaders(response);
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${path} has scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
}

test.describe("security headers", () => {
  test("signed-out pages: the start page and the login page", async ({ request }) => {
    await expectHtmlPage(request, "/");
    await expectHtmlPage(request, "/login");
  });

  test("signed-in pages: the staff shell and the family home", async ({ adminPage, parentPage }) => {
    await expectHtmlPage(adminPage.request, "/today");
    await expectHtmlPage(adminPage.request, "/no-such-page", 404);
    await expectHtmlPage(parentPage.request, "/family");
  });

  test("redirects to sign in carry the headers too", async ({ request }) => {
    const response = await request.get("/halqas", { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toMatch(/\/login\?next=%2Fhalqas$/);
    expectSecurityHeaders(response);
  });

  test("every response gets its own nonce and request id", async ({ request }) => {
    const [a, b] = await Promise.all([request.get("/login"), request.get("/login")]);
    expect(expectSecurityHeaders(a)).not.toBe(expectSecurityHeaders(b));
    expect(a.headers()["x-request-id"]).not.toBe(b.headers()["x-request-id"]);
  });

  test("outside localhost: HSTS and upgrade-insecure-requests", async ({ request }) => {
    const response = await request.get("/login", { headers: { host: "dashboard.school.example" }, maxRedirects: 0 });
    expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(response.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");
  });

  test("the school API is not behind the proxy (no page policy, no nonce)", async ({ request }) => {
    const response = await request.get("/api/v1/surahs");
    expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    // Its request id comes from where Node announces every request (issue 27: on every answer), not from the proxy.
    expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("every JSON answer: nosniff, no-store, never framed (issue 12 §7)", async ({ request, adminPage }) => {
    const answers = [
      await request.get("/api/v1/surahs"),
      await request.get("/api/v1/openapi.json"),
      await request.get("/api/v1/school", { headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } }),
      await request.get("/api/live/sessions/ses_missing"),
      await request.get("/api/plans/sync-status"),
      await adminPage.request.get("/api/plans/sync-status"),
      await request.get("/api/health"),
    ];
    for (const response of answers) {
      const headers = response.headers();
      expect(headers["content-type"], response.url()).toContain("application/json");
      expect(headers["x-content-type-options"], response.url()).toBe("nosniff");
      expect(headers["cache-control"], response.url()).toContain("no-store");
      expect(headers["x-frame-options"], response.url()).toBe("DENY");
    }
    // The school API states its rate limit on every answer.
    expect(answers[2]!.headers()["ratelimit"]).toMatch(/;r=\d+;t=\d+$/);
    expect(answers[0]!.headers()["ratelimit-policy"]).toMatch(/;q=\d+;w=60$/);
  });

  test("a server action posted from another site is a 403, not a 500", async ({ request }) => {
    const response = await request.post("/login", {
      headers: {
        "next-action": "7f0000000000000000000000000000000000000000",
        origin: "https://evil.example",
        "content-type": "text/plain;charset=UTF-8",
      },
      data: "[]",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });

  test("the browser runs the pages under the policy without a single violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|CSP/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    // Next's inline scripts ran and React hydrated the page: both need the nonce.
    await expect.poll(() => page.evaluate(() => "__next_f" in window)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.forms[0] ?? {}).some((key) => key.startsWith("__react"))))
      .toBe(true);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(violations).toEqual([]);
  });
});

test.describe("session cookies", () => {
  test("on http (localhost): plain names, HttpOnly, SameSite=Lax", async ({ adminPage }) => {
    const cookies = await adminPage.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "authjs.session-token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  });

  test("on https: __Host- and __Secure- names, Secure", async ({ request }) => {
    // Auth.js picks the names from the scheme it sees; behind TLS that is x-forwarded-proto.
    const response = await request.get("/api/auth/csrf", { headers: { "x-forwarded-proto": "https" } });
    const setCookie = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value);
    expect(
      setCookie.some(
        (value) =>
          value.startsWith("__Host-authjs.csrf-token=") && /;\s*Secure/i.test(value) && /;\s*HttpOnly/i.test(value),
      ),
    ).toBe(true);
  });
});
