import type { Browser, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import family from "../messages/ar/family.json" with { type: "json" };
import halqas from "../messages/ar/halqas.json" with { type: "json" };
import home from "../messages/ar/home.json" with { type: "json" };
import nav from "../messages/ar/nav.json" with { type: "json" };
import plans from "../messages/ar/plans.json" with { type: "json" };
import quranMap from "../messages/ar/quranMap.json" with { type: "json" };
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
const sentence = (...messages: string[]) =>
  new RegExp(messages.map((m) => m.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+")).join("|"));
/** Today's class and this week's work as a family reads them (lib/features/family/glance.ts). */
const TODAY = sentence(family.glance.today, family.glance.noClass, family.glance.underWay, family.glance.notMarked);
const WEEK = sentence(family.glance.week, family.glance.weekNone);
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
      // The home says something of today and this week for each child, in the family's language (issue 58.5).
      const child = parent.getByRole("navigation", { name: family.childrenNav }).getByRole("listitem").first();
      await expect(child).toContainText(TODAY);
      await expect(child).toContainText(WEEK);
      await expectNoAxeViolations(parent);
      await parent.setViewportSize({ width: 390, height: 844 });
      await parent.screenshot({ path: testInfo.outputPath("family-home-ar-390x844.png") });
      await child.getByRole("link").click();
      await expect(parent.getByRole("heading", { level: 2, name: family.assignments.title })).toBeVisible();
      await expect(parent.getByRole("heading", { level: 2, name: family.attendance.title })).toBeVisible();
      await expect(parent.getByRole("heading", { level: 2, name: family.recitations.title })).toBeVisible();
      await expect(parent.getByRole("main")).not.toContainText(DOT_BESIDE_DIGITS);
      await expect(parent.locator("main header")).toContainText(TODAY);
      // Each assignment says what to do from its passages in Arabic, with Arabic surah names; the school's own
      // text (the demo's is English) follows, marked with its language and read in its own direction.
      const assignments = parent.getByRole("region", { name: family.assignments.title });
      const work = assignments.getByText(new RegExp(`^${family.assignments.work.split("{work}")[0]}`)).first();
      await expect(work).toContainText(/[\u0621-\u064A]+ \d+/);
      await expect(work).not.toContainText(/[A-Za-z]/);
      for (const text of await assignments.locator("p[lang]").all()) await expect(text).toHaveAttribute("dir", "auto");
      // The plan in sentences, not "1% of the plan's way".
      await expect(parent.getByRole("main")).not.toContainText(plans.tracks.percent.split("{percent}")[1]!.trim());
      // (The demo's first planned child may have no plan a family sees yet: then it says so.)
      await expect(parent.getByRole("region", { name: quranMap.family.plan })).toContainText(
        sentence(family.glance.track, family.glance.trackDone, family.glance.trackNotStarted, quranMap.plan.none),
      );
      await parent.screenshot({ path: testInfo.outputPath("family-child-ar-390x844.png"), fullPage: true });
      await parent.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(parent);
    });
  });
});
