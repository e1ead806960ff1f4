import type { Browser, BrowserContext, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import { expect, signIn, test } from "./fixtures";
import { submitNewUser } from "./users";

/**
 * Sign-out and role changes end every copy of a session, and wrong passwords slow down instead of
 * locking out. Each test uses a person of its own: ending a shared demo account's sessions would
 * sign out every other test that reuses its saved state.
 */
const PASSWORD = "a long initial password";
const unique = (label: string, project: string) => `${label}-${project}-${Date.now().toString(36)}@example.org`;

async function createTeacher(page: Page, name: string, email: string) {
  await page.goto("/admin/users");
  await page.getByRole("link", { name: en.users.add }).click();
  await submitNewUser(page, { name, email, role: "Teacher", password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** Signs in in a fresh browser, and opens a second browser holding a copy of its cookies. */
async function signedInTwice(
  browser: Browser,
  email: string,
): Promise<{ own: Page; copy: Page; contexts: BrowserContext[] }> {
  const first = await browser.newContext();
  const own = await first.newPage();
  await own.goto("/login");
  await signIn(own, email, PASSWORD);
  await expect(own).toHaveURL(/\/(today|admin)$/);
  const second = await browser.newContext({ storageState: await first.storageState() });
  const copy = await second.newPage();
  await copy.goto("/today");
  await expect(copy).toHaveURL(/\/today$/);
  return { own, copy, contexts: [first, second] };
}

test("signing out ends the session, and a cookie copied before it no longer opens a page", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  const email = unique("signout", testInfo.project.name);
  await createTeacher(page, `Sign-out ${testInfo.project.name}`, email);
  const { own, copy, contexts } = await signedInTwice(browser, email);
  try {
    await own.getByRole("button", { name: "Sign out" }).click();
    await expect(own).toHaveURL(/\/login$/);
    await own.goto("/halqas");
    await expect(own).toHaveURL(/\/login\?next=%2Fhalqas$/);
    await copy.goto("/today");
    await expect(copy).toHaveURL(/\/login/);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test("a role change ends the person's sessions", async ({ adminPage: page, browser }, testInfo) => {
  const email = unique("rolechange", testInfo.project.name);
  const name = `Role change ${testInfo.project.name}`;
  await createTeacher(page, name, email);
  const { copy, contexts } = await signedInTwice(browser, email);
  try {
    await page.getByRole("combobox", { name: en.user.roleLabel }).selectOption({ label: "Parent" });
    await page.getByRole("button", { name: en.user.roleSubmit }).click();
    // The action's answer: the change is stored (the select itself changed at once).
    await expect(page.getByText(en.user.saved)).toBeVisible();
    await copy.goto("/today");
    await expect(copy).toHaveURL(/\/login/);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test("wrong passwords slow the next try for a while and say how long, whatever X-Forwarded-For claims", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  const email = unique("throttle", testInfo.project.name);
  await createTeacher(page, `Throttle ${testInfo.project.name}`, email);
  const context = await browser.newContext();
  const guesser = await context.newPage();
  try {
    await guesser.goto("/login");
    for (let i = 0; i < 5; i += 1) {
      await context.setExtraHTTPHeaders({ "X-Forwarded-For": `10.20.${i}.${i + 1}` });
      await signIn(guesser, email, `wrong guess ${i}`);
      // React resets the form's fields when the action has answered.
      await expect(guesser.getByLabel("Password")).toHaveValue("");
      await expect(guesser.getByRole("alert").filter({ hasText: "The email or password is not right." })).toBeVisible();
    }
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": "10.20.9.9" });
    await signIn(guesser, email, PASSWORD);
    await expect(
      guesser.getByRole("alert").filter({ hasText: /^Too many failed attempts\. Wait \d+ seconds, then try again\.$/ }),
    ).toBeVisible();
    await expect(guesser).toHaveURL(/\/login/);
  } finally {
    await context.close();
  }
});
