import type { Browser, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import family from "../messages/ar/family.json" with { type: "json" };
import halqas from "../messages/ar/halqas.json" with { type: "json" };
import home from "../messages/ar/home.json" with { type: "json" };
import nav from "../messages/ar/nav.json" with { type: "json" };
import plans from "../messages/ar/plans.json" with { type: "json" };
import sessions from "../messages/ar/sessions.json" with { type: "json" };
import students from "../messages/ar/students.json" with { type: "json" };
import { DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { allOf, expectNoAxeViolations } from "./api";
import { expect, signIn, test } from "./fixtures";

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
  await page.getByLabel(en.create.name).fill(user.name);
  await page.getByLabel(en.create.email).fill(user.email);
  await page.getByRole("combobox", { name: en.create.role }).selectOption({ label: user.role });
  await page.getByRole("combobox", { name: en.create.locale, exact: true }).selectOption({ label: "Arabic" });
  await page.getByLabel(en.create.password).fill(PASSWORD);
  await page.getByRole("button", { name: en.create.submit }).click();
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
    await page.getByRole("combobox", { name: en.user.sheikhPicker }).selectOption({ label: DEMO_TEACHER_SHEIKH_NAME });
    await page.getByRole("button", { name: en.user.sheikhSubmit }).click();
    await expect(page.getByText(en.user.sheikhCurrent.replace("{name}", DEMO_TEACHER_SHEIKH_NAME))).toBeVisible();

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
