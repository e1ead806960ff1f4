import en from "../messages/en/admin.json" with { type: "json" };
import { DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { expectNoAxeViolations } from "./api";
import { expect, signIn, test } from "./fixtures";
import { catalogues } from "./languages";
import { overflow } from "./overflow";

/**
 * A teacher's pages in Urdu, right to left, as e2e/arabic.spec.ts does for Arabic: the admin creates
 * an Urdu-speaking teacher (no shared demo account's language is switched), links a sheikh, and the
 * teacher walks their pages. Urdu writes no middle dot between facts (docs/glossary.md): the Urdu comma.
 * In the Urdu face no text is cut off by its box, nor the page wider than the screen (e2e/overflow.ts).
 */
const PASSWORD = "a long initial password";
const ur = (namespace: string) => catalogues.ur!(namespace);

test("in Urdu, right to left: a teacher's pages (today, halqas, students, sessions, plans)", async ({
  adminPage: page,
  browser,
}, testInfo) => {
  test.slow();
  const email = `teacher-ur-${testInfo.project.name}-${Date.now().toString(36)}@example.org`;
  const name = `استاد ${testInfo.project.name}`;
  await page.goto("/admin/users/new");
  await page.getByLabel(en.create.name).fill(name);
  await page.getByLabel(en.create.email).fill(email);
  await page.getByRole("combobox", { name: en.create.role }).selectOption({ label: "Teacher" });
  await page.getByRole("combobox", { name: en.create.locale, exact: true }).selectOption({ label: "Urdu" });
  await page.getByLabel(en.create.password).fill(PASSWORD);
  await page.getByRole("button", { name: en.create.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("combobox", { name: en.user.sheikhPicker }).selectOption({ label: DEMO_TEACHER_SHEIKH_NAME });
  await page.getByRole("button", { name: en.user.sheikhSubmit }).click();
  await expect(page.getByText(en.user.sheikhCurrent.replace("{name}", DEMO_TEACHER_SHEIKH_NAME))).toBeVisible();

  const context = await browser.newContext();
  const teacher = await context.newPage();
  try {
    await teacher.goto("/login");
    await signIn(teacher, email, PASSWORD);
    await expect(teacher).toHaveURL(/\/today$/);
    await expect(teacher.locator("html")).toHaveAttribute("lang", "ur");
    await expect(teacher.locator("html")).toHaveAttribute("dir", "rtl");
    for (const [path, namespace] of [
      ["/today", "home"],
      ["/halqas", "halqas"],
      ["/students", "students"],
      ["/sessions", "sessions"],
      ["/plans", "plans"],
    ] as const) {
      await teacher.goto(path);
      await expect(teacher.getByRole("heading", { level: 1, name: ur(namespace).title })).toBeVisible();
      await expect(teacher.getByRole("navigation", { name: ur("nav").primary })).toBeVisible();
      await expect(teacher.getByRole("main")).not.toContainText("·");
      // The Urdu face (Noto Naskh Arabic, app/fonts.ts) fits the boxes of the page: nothing cut off.
      await teacher.evaluate(() => document.fonts.ready.then(() => true));
      expect(await overflow(teacher), path).toEqual({ pageWider: false, clipped: [] });
      await expectNoAxeViolations(teacher);
    }
  } finally {
    await context.close();
  }
});
