import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { allOf, WCAG } from "./api";
import { expect, signedInContext, storageStateFor, test } from "./fixtures";
import { catalogues, chooseLanguage } from "./languages";
import { linkDemoSheikh, linkFirstPlannedChild, submitNewUser } from "./users";

/**
 * axe (WCAG 2.2 A and AA and its best practices) finds nothing on the main pages in every language of
 * messages/ (issues 26 and 58.16): the sign-in page, a teacher's Today, live register (and its
 * recitation sheet, open: the mistake counters) and student page, and a parent's family home and
 * child page, the child page also on a phone, where a table scrolls sideways.
 * One teacher and one parent made for this spec (no shared demo account changes language) switch
 * through the languages with the header's list. The desktop project only: the pages are the same at
 * the tablet's width, where e2e/urdu.spec.ts and the pseudo-locale run check the layout. The full
 * sweep of every page (e2e/axe-sweep.spec.ts) stays in English and Arabic.
 */
const PASSWORD = "a long initial password";
const LOCALES = Object.keys(catalogues).sort();

type Person = { page: Page; close: () => Promise<void> };

const TAGS = [...WCAG, "best-practice"];
/**
 * Colour contrast does not change with the words: axe's dearest rule runs in English and in the
 * languages with fonts of their own (Arabic, Urdu), not again in the four that share English's.
 */
const SAME_FONTS_AS_ENGLISH = new Set(["fr", "id", "ms", "tr"]);

async function violationsOf(page: Page, path: string, locale: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  return violationsHere(page, locale, path);
}

/** The page as it is now (`where` names it in the report). */
async function violationsHere(page: Page, locale: string, where: string): Promise<string[]> {
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page).toHaveTitle(/\S/);
  const axe = new AxeBuilder({ page }).withTags(TAGS);
  if (SAME_FONTS_AS_ENGLISH.has(locale)) axe.disableRules(["color-contrast"]);
  const { violations } = await axe.analyze();
  return violations.map((v) => `${locale} ${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The live register with its first student's sheet open (the recitation form and its mistake counters). */
async function sheetViolations(page: Page, register: string, locale: string): Promise<string[]> {
  await page.goto(register);
  const live = catalogues[locale]!("live");
  await page
    .getByRole("button", { name: new RegExp(`^${live.row.more.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  return violationsHere(page, locale, `${register} (a student's sheet open)`);
}

/** A new account through the admin's form, in English, linked to the demo teacher's sheikh or to a child with a plan. */
async function newPerson(
  browser: Browser,
  request: Parameters<typeof allOf>[0],
  role: "Teacher" | "Parent",
): Promise<Person> {
  const context = await browser.newContext({ storageState: storageStateFor("admin") });
  const admin = await context.newPage();
  const email = `axe-languages-${role.toLowerCase()}-${Date.now().toString(36)}@example.org`;
  try {
    await admin.goto("/admin/users/new");
    await submitNewUser(admin, { name: `Languages ${role}`, email, role, language: "en", password: PASSWORD });
    await expect(admin.getByRole("heading", { level: 1, name: `Languages ${role}` })).toBeVisible();
    if (role === "Teacher") await linkDemoSheikh(admin);
    else await linkFirstPlannedChild(admin, request);
  } finally {
    await context.close();
  }
  return signedInContext(browser, email, PASSWORD);
}

/** Paths the page links to (taken from the page, never built). */
async function linksOn(page: Page, path: string, pattern: RegExp): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const paths = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  return [...new Set(paths.filter((p) => pattern.test(p)))];
}

test.describe("axe on the main pages in every language", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  let teacher: Person;
  let parent: Person;
  let teacherPages: string[];
  let register: string;
  let childPage: string;

  // A test, not a hook: hooks get no `request`, and a failure here skips the languages (serial).
  test("a teacher and a parent of their own, in English, and the pages to check", async ({ browser, request }) => {
    [teacher, parent] = [await newPerson(browser, request, "Teacher"), await newPerson(browser, request, "Parent")];
    register = (await linksOn(teacher.page, "/today", /^\/sessions\/[^/]+\/live$/))[0]!;
    const student = (await linksOn(teacher.page, "/students", /^\/students\/[^/]+$/)).find(
      (p) => p !== "/students/new",
    );
    expect(register, "the demo has a session of the teacher's open today").toBeDefined();
    expect(student).toBeDefined();
    // The register is checked with a student's sheet open over it (sheetViolations).
    teacherPages = ["/today", student!];
    childPage = (await linksOn(parent.page, "/family", /^\/family\/children\/[^/]+$/))[0]!;
    expect(childPage, "the parent's child").toBeDefined();
    expect(LOCALES.length, "every folder of messages/").toBeGreaterThanOrEqual(7);
  });

  test.afterAll(async () => {
    await teacher?.close();
    await parent?.close();
  });

  for (const locale of LOCALES) {
    test(`in ${locale}: sign-in, today, the register with a sheet open, a student, the family home, a child on a phone`, async ({
      browser,
      baseURL,
    }) => {
      const found: string[] = [];
      const visitor = await browser.newContext();
      await visitor.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
      try {
        found.push(...(await violationsOf(await visitor.newPage(), "/login", locale)));
      } finally {
        await visitor.close();
      }
      await chooseLanguage(teacher.page, locale);
      for (const path of teacherPages) found.push(...(await violationsOf(teacher.page, path, locale)));
      found.push(...(await sheetViolations(teacher.page, register, locale)));
      await chooseLanguage(parent.page, locale);
      found.push(...(await violationsOf(parent.page, "/family", locale)));
      // The child's page on a phone, where its tables scroll sideways.
      await parent.page.setViewportSize({ width: 390, height: 844 });
      try {
        found.push(...(await violationsOf(parent.page, childPage, locale)));
      } finally {
        await parent.page.setViewportSize({ width: 1280, height: 800 });
      }
      expect(found).toEqual([]);
    });
  }
});
