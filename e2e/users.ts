import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import { DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { allOf } from "./api";
import { expect, signedInContext, signIn } from "./fixtures";

/** A person for the admin's "add a user" form. */
export type NewUser = {
  name: string;
  email: string;
  /** The label of the role's option ("Administrator", "Teacher", "Parent"). */
  role: string;
  /** The language option as `selectOption` takes it; left out keeps the one the form pre-selected. */
  language?: string | { label: string };
  password: string;
};

/** Fills the admin's "add a user" form (already open) and submits it; the caller checks what follows. */
export async function submitNewUser(page: Page, user: NewUser) {
  await page.getByLabel(en.create.name).fill(user.name);
  await page.getByLabel(en.create.email).fill(user.email);
  await page.getByRole("combobox", { name: en.create.role }).selectOption({ label: user.role });
  if (user.language !== undefined)
    await page.getByRole("combobox", { name: en.create.locale, exact: true }).selectOption(user.language);
  await page.getByLabel(en.create.password).fill(user.password);
  await page.getByRole("button", { name: en.create.submit }).click();
}

/** On a teacher's user page: links the demo teacher's sheikh, so the teacher sees that sheikh's halqas. */
export async function linkDemoSheikh(page: Page) {
  await page.getByRole("combobox", { name: en.user.sheikhPicker }).selectOption({ label: DEMO_TEACHER_SHEIKH_NAME });
  await page.getByRole("button", { name: en.user.sheikhSubmit }).click();
  await expect(page.getByText(en.user.sheikhCurrent.replace("{name}", DEMO_TEACHER_SHEIKH_NAME))).toBeVisible();
}

/** On a parent's user page: links the student of the school's first learning plan as their child. */
export async function linkFirstPlannedChild(page: Page, request: APIRequestContext) {
  const plan = (await allOf<{ student_id: string }>(request, "/learning-plans"))[0]!;
  const child = (await allOf<{ id: string; full_name: string }>(request, "/students")).find(
    (s) => s.id === plan.student_id,
  )!;
  await page.getByLabel(/^Search students of /).fill(child.full_name);
  await page.getByRole("button", { name: en.user.searchSubmit }).click();
  await page
    .getByRole("button", { name: en.user.linkLabel.replace("{name}", child.full_name) })
    .first()
    .click();
  await expect(
    page.getByRole("button", { name: en.user.removeLabel.replace("{name}", child.full_name) }),
  ).toBeVisible();
}

/** A fresh browser context (made with `options`) signed in as a user who reads Arabic; their pages are in Arabic. */
export async function signedInInArabic(
  browser: Browser,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto("/login");
  await signIn(page, email, password);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  return page;
}

/**
 * An administrator who reads Arabic, added through the form on `admin`, then signed in on a fresh
 * context of `browser`, where they land on the overview.
 */
export async function addArabicAdmin(admin: Page, browser: Browser, user: { name: string; email: string }) {
  const password = "a long initial password";
  await admin.goto("/admin/users/new");
  await submitNewUser(admin, { ...user, role: en.roles.admin, language: { label: "Arabic" }, password });
  await expect(admin.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
  const signedIn = await signedInContext(browser, user.email, password);
  await expect(signedIn.page).toHaveURL(/\/admin$/);
  return signedIn;
}
