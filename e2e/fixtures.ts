import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

/** Fixed values of the embedded demo (see the README); specs take them from here. */
export const DEMO = {
  schools: { alnoor: "Al-Noor Quran School", arqam: "Dar Al-Arqam" },
  password: "demo1234",
  accounts: {
    admin: "admin@alnoor.demo",
    teacher: "teacher@alnoor.demo",
    parent: "parent@alnoor.demo",
    arqamAdmin: "admin@arqam.demo",
  },
} as const;

export type DemoRole = keyof typeof DEMO.accounts;
export const DEMO_ROLES = Object.keys(DEMO.accounts) as DemoRole[];

/**
 * Where e2e/auth.setup.ts saves each role's signed-in browser state (gitignored); the spec-only
 * server (e2e/spec-only.setup.ts) keeps its own, since a session cookie belongs to one host:port.
 */
export function storageStateFor(role: DemoRole, server: "main" | "spec-only" = "main"): string {
  return path.resolve("e2e", ".auth", server === "main" ? `${role}.json` : `${server}-${role}.json`);
}

/**
 * Signs a demo role in through the real login form, waits for their home (a parent's family page,
 * an admin's overview, a teacher's Today) and saves the browser state the role fixtures reuse.
 */
export async function signInAndSaveState(page: Page, role: DemoRole, server: "main" | "spec-only" = "main") {
  await page.goto("/login");
  await signIn(page, DEMO.accounts[role]);
  await expect(page).toHaveURL(role === "parent" ? /\/family$/ : /admin/i.test(role) ? /\/admin$/ : /\/today$/, {
    timeout: 90_000,
  });
  const file = storageStateFor(role, server);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.context().storageState({ path: file });
}

type Fixtures = {
  demo: typeof DEMO;
  /** A page signed in as admin@alnoor.demo (its own browser context). */
  adminPage: Page;
  /** A page signed in as teacher@alnoor.demo. */
  teacherPage: Page;
  /** A page signed in as parent@alnoor.demo. */
  parentPage: Page;
  /** A page signed in as admin@arqam.demo (the other school). */
  arqamAdminPage: Page;
};

/**
 * A page in a fresh context holding the role's saved session. The context gets the project's
 * options (base URL, viewport, touch) like the built-in `page`. Signing out ends every session of
 * that person (their session version moves), so no test signs a demo account out, disables it or
 * changes its role: e2e/sessions.spec.ts does that with people of its own.
 */
function pageAs(role: DemoRole, server: "main" | "spec-only" = "main") {
  return async ({ browser }: { browser: import("@playwright/test").Browser }, use: (page: Page) => Promise<void>) => {
    const context = await browser.newContext({ storageState: storageStateFor(role, server) });
    const page = await context.newPage();
    const unprotected = watchSecurityHeaders(page);
    await use(page);
    await context.close();
    expect(unprotected, "HTML pages served without the security headers").toEqual([]);
  };
}

/**
 * Every HTML document a signed-in test opens is checked for the security headers (the full check
 * of each header is in security-headers.spec.ts): a strict CSP with a nonce and frame-ancestors
 * 'none', nosniff, the referrer policy. Returns the documents that lacked one, filled as pages load.
 */
function watchSecurityHeaders(page: Page): string[] {
  const unprotected: string[] = [];
  page.on("response", (response) => {
    if (
      response.request().resourceType() !== "document" ||
      !(response.headers()["content-type"] ?? "").includes("text/html")
    )
      return;
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const ok =
      /'nonce-[A-Za-z0-9+/=]+'/.test(csp) &&
      csp.includes("frame-ancestors 'none'") &&
      headers["x-content-type-options"] === "nosniff" &&
      headers["referrer-policy"] === "strict-origin-when-cross-origin";
    if (!ok) unprotected.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return unprotected;
}

export const test = base.extend<Fixtures>({
  demo: [DEMO, { option: true }],
  adminPage: pageAs("admin"),
  teacherPage: pageAs("teacher"),
  parentPage: pageAs("parent"),
  arqamAdminPage: pageAs("arqamAdmin"),
});

/** The role pages of the spec-only server (e2e/spec-only.setup.ts signs in only these two there). */
export const specOnlyTest = base.extend<Pick<Fixtures, "adminPage" | "parentPage">>({
  adminPage: pageAs("admin", "spec-only"),
  parentPage: pageAs("parent", "spec-only"),
});

/** Signs in through the login form of `page` (for tests about signing in itself; others use the fixtures). */
export async function signIn(page: Page, email: string, password: string = DEMO.password): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Another person beside the test's own pages: a fresh browser context, signed in as `email`. */
export async function signedInContext(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return { page, close: () => context.close() };
}

export { expect };
