import type { Browser, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import family from "../messages/ar/family.json" with { type: "json" };
import halqas from "../messages/ar/halqas.json" with { type: "json" };
import home from "../messages/ar/home.json" with { type: "json" };
import nav from "../messages/ar/nav.json" with { type: "json" };
import plans from "../messages/ar/plans.json" with { type: "json" };
import sessions from "../messages/ar/sessions.json" with { type: "json" };
import students from "../messages/ar/students.json" with { type: "json" };
import { expectNoAxeViolations } from "./api";
import { expect, signIn, test } from "./fixtures";
import { linkDemoSheikh, linkFirstPlannedChild, submitNewUser } from "./users";

/**
 * Each role's journey in Arabic, right to left, with people of their own: the admin creates an
 * Arabic-speaking teacher and parent (so no shared demo account's language is switched under
 * another test), links them, and each signs in and walks their pages.
 */
const PASSWORD = "a long initial password";
/** A middle dot beside Arabic-Indic digits (bidi isolates allowed between): it reads as a zero (٠). */
const DOT_BESIDE_DIGITS = /[٠-٩][\s\u2068\u2069]*·|·[\s\u2068\u2069]*[٠-٩]/;
const unique = (label: string, project: string) => `${label}-ar-${project}-${Date.now().toString(36)}@example.org`;

async function createArabicUser(page: Page, user: { name: string; email: string; role: "Teacher" | "Parent" }) {
  await page.goto("/admin/users");
  await page.getByRole("link", { name: en.users.add }).click();
  await submitNewUser(page, { ...user, language: { label: "Arabic" }, password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
}

async function signedIn(browser: Browser, email: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await signIn(page, email, PASSWORD);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await run(page);
  } finally {
    await context.close();
  }
}

test.describe("in Arabic, right to left", () => {
  test("a teacher's pages: today, halqas, students, sessions, plans", async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    test.slow();
    const email = unique("teacher", testInfo.project.name);
    await createArabicUser(page, { name: `أستاذ ${testInfo.project.name}`, email, role: "Teacher" });
    await linkDemoSheikh(page);

    await signedIn(browser, email, async (teacher) => {
      await expect(teacher).toHaveURL(/\/today$/);
      const pages: [string, string][] = [
        ["/today", home.title],
        ["/halqas", halqas.title],
        ["/students", students.title],
        ["/sessions", sessions.title],
        ["/plans", plans.title],
      ];
      for (const [path, title] of pages) {
        await teacher.goto(path);
        await expect(teacher.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(teacher.getByRole("navigation", { name: nav.primary })).toBeVisible();
        await expect(teacher.getByRole("main")).not.toContainText(DOT_BESIDE_DIGITS);
        await expectNoAxeViolations(teacher);
      }
    });
  });

  test("a parent's pages: their children, and one child's view", async ({
    adminPage: page,
    browser,
    request,
  }, testInfo) => {
    test.slow();
    const email = unique("parent", testInfo.project.name);
    const name = `ولي أمر ${testInfo.project.name}`;
    await createArabicUser(page, { name, email, role: "Parent" });
    // A child with a learning plan, linked through the admin's student picker (ids come from the API, never typed).
    await linkFirstPlannedChild(page, request);

    await signedIn(browser, email, async (parent) => {
      await expect(parent).toHaveURL(/\/family$/);
      await expect(parent.getByRole("heading", { level: 1 })).toHaveText(nav.family.greeting.replace("{name}", name));
      await expectNoAxeViolations(parent);
      await parent.getByRole("navigation", { name: family.childrenNav }).getByRole("link").first().click();
      await expect(parent.getByRole("heading", { level: 2, name: family.assignments.title })).toBeVisible();
      await expect(parent.getByRole("heading", { level: 2, name: family.attendance.title })).toBeVisible();
      await expect(parent.getByRole("heading", { level: 2, name: family.recitations.title })).toBeVisible();
      await expect(parent.getByRole("main")).not.toContainText(DOT_BESIDE_DIGITS);
      await expectNoAxeViolations(parent);
    });
  });
});
