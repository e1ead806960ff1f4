import type { Page } from "@playwright/test";
import { expectNoAxeViolationsIn } from "./api";
import { DEMO, expect, signIn, test } from "./fixtures";
import { chooseLanguage, inArabicForAMoment } from "./languages";

const STAFF_LINKS = ["Today", "Halqas", "Students", "Sessions", "Plans"];
const ADMIN_LINKS = ["Overview", "Users", "Connection", "Audit log", "Timetable"];

// Staff pages belong to other features: the shell ("header") is checked here, each page by its own spec.

const mainNav = (page: Page, name = "Main") => page.getByRole("navigation", { name });

test.describe("signing in", () => {
  test("the login page explains missing fields and wrong credentials", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await signIn(page, DEMO.accounts.teacher, "not-the-password");
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is not right" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.accounts.teacher);
    await expectNoAxeViolationsIn(page);
  });

  test("a signed-out visitor is sent to sign in, then back to the page asked for", async ({ page }) => {
    await page.goto("/students?q=a");
    await expect(page).toHaveURL(/\/login\?next=%2Fstudents%3Fq%3Da$/);
    await signIn(page, DEMO.accounts.admin);
    await expect(page).toHaveURL(/\/students\?q=a$/);
    await expect(mainNav(page).getByRole("link", { name: "Students" })).toHaveAttribute("aria-current", "page");
  });

  async function expectHome(page: Page, home: RegExp) {
    await page.goto("/");
    await expect(page).toHaveURL(home);
    await page.goto("/login");
    await expect(page).toHaveURL(home);
  }

  test("an admin's home is the school's overview", async ({ adminPage }) => expectHome(adminPage, /\/admin$/));
  test("a teacher's home is today", async ({ teacherPage }) => expectHome(teacherPage, /\/today$/));
  test("a parent's home is the family page", async ({ parentPage }) => expectHome(parentPage, /\/family$/));
});

test.describe("the staff shell", () => {
  test("an admin sees the school, every staff and admin link, and can skip to the content", async ({
    adminPage: page,
  }) => {
    await page.goto("/today");
    await expect(page.getByRole("banner").getByRole("link", { name: DEMO.schools.alnoor })).toBeVisible();
    const nav = mainNav(page);
    for (const name of [...STAFF_LINKS, ...ADMIN_LINKS])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await expectNoAxeViolationsIn(page, "header");
  });

  test("a teacher has the staff links but no admin links", async ({ teacherPage: page }) => {
    await page.goto("/today");
    const nav = mainNav(page);
    for (const name of STAFF_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ADMIN_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole("banner").getByText("Teacher")).toBeVisible();
  });

  test("a link's page is fetched when a finger reaches for it, not on every page's load", async ({
    teacherPage: page,
  }) => {
    // Neither the shell's links nor Today's students who need attention (each a page of its own) are
    // prefetched as Today loads: on a cheap tablet they were twenty requests and their parsing (issue 31).
    // The App Router's requests for a page's server components carry an `_rsc` query (prefetches and navigations).
    const fetched: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_rsc")) fetched.push(url.pathname);
    });
    await page.goto("/today");
    const students = mainNav(page).getByRole("link", { name: "Students", exact: true });
    await expect(students).toBeVisible();
    await page.waitForLoadState("networkidle");
    const others = STAFF_LINKS.filter((name) => name !== "Today").map((name) => `/${name.toLowerCase()}`);
    expect(fetched.filter((path) => others.includes(path) || path.startsWith("/students/"))).toEqual([]);

    await students.hover();
    await expect.poll(() => fetched).toContain("/students");
    await students.click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(students).toHaveAttribute("aria-current", "page");
  });
});

test.describe("parents", () => {
  test("a parent sees their children and no staff navigation", async ({ parentPage: page }) => {
    await page.goto("/family");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Umm Yusuf");
    const children = page.getByRole("region", { name: "Your children" }).getByRole("listitem");
    await expect(children).toHaveCount(2);
    await expect(mainNav(page)).toHaveCount(0);
    for (const name of [...STAFF_LINKS, ...ADMIN_LINKS])
      await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
    await expectNoAxeViolationsIn(page);
  });

  test("a parent cannot open staff or admin pages", async ({ parentPage: page }) => {
    for (const path of ["/halqas", "/admin/users"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      await expect(mainNav(page)).toHaveCount(0);
    }
  });
});

test.describe("language", () => {
  test("a signed-out visitor's choice is kept in a cookie, and the login page is accessible in both languages", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expectNoAxeViolationsIn(page);

    await chooseLanguage(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1, name: "تسجيل الدخول" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "تسجيل الدخول" })).toBeVisible();
    await expectNoAxeViolationsIn(page);

    // Another account than the English test's, so that no account nears the lock-out (5 failures).
    await page.getByLabel("البريد الإلكتروني").fill(DEMO.accounts.parent);
    await page.getByLabel("كلمة المرور").fill("not-the-password");
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "البريد الإلكتروني أو كلمة المرور غير صحيحة" }),
    ).toBeVisible();

    await chooseLanguage(page, "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });

  test("a signed-in person's language is stored with their account", async ({
    arqamAdminPage: page,
    browser,
  }, testInfo) => {
    // It changes a shared demo account for a moment; one project is enough (and two would race).
    test.skip(testInfo.project.name !== "desktop", "changes a shared account's stored language");
    await inArabicForAMoment(page, async () => {
      const nav = mainNav(page, "القائمة الرئيسية");
      for (const name of ["اليوم", "الحلقات", "الطلاب", "الجلسات", "المستخدمون"])
        await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expectNoAxeViolationsIn(page, "header");

      // Another browser without the language cookie: the account remembers.
      const state = await page.context().storageState();
      const elsewhere = await browser.newContext({
        storageState: { ...state, cookies: state.cookies.filter((c) => c.name !== "locale") },
      });
      const other = await elsewhere.newPage();
      await other.goto("/today");
      await expect(other.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(mainNav(other, "القائمة الرئيسية")).toBeVisible();
      await elsewhere.close();
    });
  });
});
