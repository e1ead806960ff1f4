import { expectNoAxeViolations } from "./api";
import { expect, signIn, test } from "./fixtures";
import { linkDemoSheikh, submitNewUser } from "./users";
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
  await submitNewUser(page, { name, email, role: "Teacher", language: { label: "Urdu" }, password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await linkDemoSheikh(page);

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
    // On a phone too, a student's page with its Quran map and juz lists (the juz list was cut, issue 58.14).
    await teacher.setViewportSize({ width: 390, height: 844 });
    await teacher.goto("/students");
    await teacher.getByRole("main").getByRole("link", { name: /\S/ }).filter({ hasNotText: /^\d/ }).first().click();
    await expect(teacher).toHaveURL(/\/students\/[^/?]+$/);
    await expect(teacher.getByRole("heading", { level: 1 })).toBeVisible();
    await teacher.evaluate(() => document.fonts.ready.then(() => true));
    expect(await overflow(teacher), "a student's page at 390 px").toEqual({ pageWider: false, clipped: [] });
  } finally {
    await context.close();
  }
});
