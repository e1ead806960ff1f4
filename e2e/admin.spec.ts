import type { APIRequestContext, Page } from "@playwright/test";
import ar from "../messages/ar/admin.json" with { type: "json" };
import en from "../messages/en/admin.json" with { type: "json" };
import { expectNoAxeViolations } from "./api";
import { DEMO, expect, signIn, test } from "./fixtures";
import { submitNewUser } from "./users";
import { DEMO_KEYS } from "../school-api/seed-facts";
import { overflow } from "./overflow";

/** A read of the school's API with a demo key, as an observer independent of the dashboard. */
async function v1<T>(request: APIRequestContext, key: string, path: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Either language's text: a shared demo account may be switched to Arabic for a moment by another spec. */
const either = (english: string, arabic: string) => new RegExp(`^(${escape(english)}|${escape(arabic)})$`);
const containsEither = (english: string, arabic: string) => new RegExp(`${escape(english)}|${escape(arabic)}`);
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const unique = (label: string, project: string) => `${label}-${project}-${Date.now().toString(36)}@example.org`;
const PASSWORD = "a long initial password";

async function createUser(
  page: Page,
  user: { name: string; email: string; role: "Administrator" | "Teacher" | "Parent"; language?: "English" | "Arabic" },
) {
  await page.goto("/admin/users");
  await page.getByRole("link", { name: en.users.add }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.create.title })).toBeVisible();
  await submitNewUser(page, { ...user, language: { label: user.language ?? "English" }, password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name: user.name })).toBeVisible();
}

test.describe("admin: users", () => {
  test("an admin adds a teacher and links a sheikh; the teacher sees the sheikh's halqas until disabled", async ({
    adminPage: page,
    browser,
    request,
  }, testInfo) => {
    // Two people's journeys in one test (admin and the new teacher, each signing in), axe on each page.
    test.slow();
    const sheikhs = await v1<{ id: string; name: string; halqa_ids: string[] }[]>(
      request,
      DEMO_KEYS.alnoorAdmin,
      "/sheikhs?limit=100",
    );
    const sheikh = sheikhs.find((s) => s.halqa_ids.length > 0 && s.name !== "Abdullah Al-Harbi") ?? sheikhs[0]!;
    const halqas = await Promise.all(
      sheikh.halqa_ids.map((id) => v1<{ name: string }>(request, DEMO_KEYS.alnoorAdmin, `/halqas/${id}`)),
    );

    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: en.users.title })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Users of / }).getByText(DEMO.accounts.teacher)).toBeVisible();
    await expectNoAxeViolations(page);

    const email = unique("teacher", testInfo.project.name);
    const name = `Ustadh ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.getByRole("link", { name: en.users.add }).click();
    await expectNoAxeViolations(page);
    // A short password is refused on its field, and what was typed stays.
    await submitNewUser(page, { name, email, role: "Teacher", password: "short" });
    await expect(page.getByText(en.validation.passwordLength)).toBeVisible();
    await expect(page.getByLabel(en.create.email)).toHaveValue(email);
    await expectNoAxeViolations(page);
    await page.getByLabel(en.create.password).fill(PASSWORD);
    await page.getByRole("button", { name: en.create.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(en.user.sheikhNone)).toBeVisible();

    await page.getByRole("combobox", { name: en.user.sheikhPicker }).selectOption({ label: sheikh.name });
    await page.getByRole("button", { name: en.user.sheikhSubmit }).click();
    await expect(page.getByText(en.user.sheikhCurrent.replace("{name}", sheikh.name))).toBeVisible();
    await expectNoAxeViolations(page);

    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    try {
      await teacher.goto("/login");
      await signIn(teacher, email, PASSWORD);
      await expect(teacher).toHaveURL(/\/today$/);
      await teacher.goto("/halqas");
      for (const halqa of halqas) await expect(teacher.getByRole("link", { name: halqa.name })).toBeVisible();
      await teacher.goto("/admin/users");
      await expect(teacher.getByRole("heading", { level: 1, name: en.users.title })).toHaveCount(0);

      await page.getByRole("button", { name: en.user.disable }).click();
      await expect(page.getByRole("button", { name: en.user.enable })).toBeVisible();
      await expect(page.getByText(en.user.accessDisabled)).toBeVisible();

      await teacher.goto("/halqas");
      await expect(teacher).toHaveURL(/\/login/);
    } finally {
      await teacherContext.close();
    }

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: en.audit.title })).toBeVisible();
    const created = page.getByRole("row").filter({ hasText: en.audit.actions.userCreate }).filter({ hasText: name });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText(en.audit.results.ok);
    await expect(created).toContainText(DEMO.accounts.admin);
    await expect(page.getByRole("row").filter({ hasText: en.audit.actions.userSetDisabled }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an admin cannot disable their own account, and a taken email stays on its field", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/users");
    const me = page.getByRole("row").filter({ hasText: DEMO.accounts.admin });
    await me.getByRole("link", { name: /^Manage / }).click();
    await expect(page.getByText(en.user.selfNote)).toBeVisible();
    await expect(page.getByRole("button", { name: en.user.disable })).toHaveCount(0);

    await page.goto("/admin/users/new");
    await page.getByLabel(en.create.name).fill("Copy of the teacher");
    await page.getByLabel(en.create.email).fill(DEMO.accounts.teacher.toUpperCase());
    await page.getByLabel(en.create.password).fill(PASSWORD);
    await page.getByRole("button", { name: en.create.submit }).click();
    await expect(page.getByText(en.users.emailTaken)).toBeVisible();
    await expect(page.getByLabel(en.create.email)).toHaveAttribute("aria-invalid", "true");
  });

  test("a user id of another school is a 404 on the user page", async ({ adminPage, arqamAdminPage }) => {
    await arqamAdminPage.goto("/admin/users");
    const manage = arqamAdminPage.getByRole("row").filter({ hasText: DEMO.accounts.arqamAdmin }).getByRole("link");
    const href = await manage.getAttribute("href");
    expect(href).toMatch(/^\/admin\/users\//);
    expect((await adminPage.goto(href!))?.status()).toBe(404);
    await expect(adminPage.getByText(en.users.notFound)).toBeVisible();
    await expect(adminPage.getByText(DEMO.accounts.arqamAdmin)).toHaveCount(0);
  });

  test("an Arabic-speaking admin reads the admin pages right to left", async ({
    adminPage: page,
    browser,
  }, testInfo) => {
    // A new user, a second sign-in, four pages each with axe: more than a minute on a busy two-core machine.
    test.slow();
    const email = unique("arabic-admin", testInfo.project.name);
    await createUser(page, { name: "مدير تجريبي", email, role: "Administrator", language: "Arabic" });
    const context = await browser.newContext();
    const arabic = await context.newPage();
    try {
      await arabic.goto("/login");
      await signIn(arabic, email, PASSWORD);
      await expect(arabic).toHaveURL(/\/admin$/);
      for (const [path, title] of [
        ["/admin/users", ar.users.title],
        ["/admin/users/new", ar.create.title],
        ["/admin/connection", ar.connection.title],
        ["/admin/audit", ar.audit.title],
      ] as const) {
        await arabic.goto(path);
        await expect(arabic.locator("html")).toHaveAttribute("dir", "rtl");
        await expect(arabic.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expectNoAxeViolations(arabic);
      }
    } finally {
      await context.close();
    }
  });
});

test.describe("admin: connection health", () => {
  test("Al-Noor's connection: its tenant, every read scope, Learning Plans on", async ({
    adminPage: page,
    request,
  }) => {
    const school = await v1<{ id: string; name: string }>(request, DEMO_KEYS.alnoorAdmin, "/school");
    await page.goto("/admin/connection");
    await expect(page.getByRole("heading", { level: 1, name: en.connection.title })).toBeVisible();
    const details = page.getByRole("region", { name: en.connection.detailsTitle });
    await expect(details).toContainText(school.id);
    await expect(details).toContainText(school.name);
    const scopes = page
      .getByRole("region", { name: en.connection.scopesTitle })
      .getByRole("row")
      .filter({ hasText: /:read/ });
    await expect(scopes).toHaveCount(9);
    for (const row of await scopes.all()) await expect(row).toContainText(en.connection.scopeStates.granted);
    await expect(page.getByRole("region", { name: en.connection.featuresTitle })).toContainText(
      new RegExp(`${en.connection.learningPlans}\\s*${en.connection.featureStates.on}`),
    );
    await expect(page.getByRole("region", { name: en.connection.adviceTitle })).not.toContainText(
      en.connection.advice.learningPlansOff,
    );
    await expectNoAxeViolations(page);
  });

  test("Dar Al-Arqam's connection: Learning Plans off, and what to do about it", async ({
    arqamAdminPage: page,
    request,
  }) => {
    const school = await v1<{ id: string }>(request, DEMO_KEYS.arqamAdmin, "/school");
    await page.goto("/admin/connection");
    await expect(
      page.getByRole("heading", { level: 1, name: either(en.connection.title, ar.connection.title) }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: either(en.connection.detailsTitle, ar.connection.detailsTitle) }),
    ).toContainText(school.id);
    await expect(
      page.getByRole("region", { name: either(en.connection.featuresTitle, ar.connection.featuresTitle) }),
    ).toContainText(containsEither(en.connection.featureStates.off, ar.connection.featureStates.off));
    await expect(
      page.getByRole("region", { name: either(en.connection.adviceTitle, ar.connection.adviceTitle) }),
    ).toContainText(containsEither(en.connection.advice.learningPlansOff, ar.connection.advice.learningPlansOff));
    await expectNoAxeViolations(page);
  });
});

test("on a phone, no admin page scrolls sideways: long buttons wrap, wide tables scroll in their own box", async ({
  adminPage: page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "sets the phone's size itself");
  await page.setViewportSize({ width: 390, height: 844 });
  const wider: string[] = [];
  for (const path of [
    "/admin",
    "/admin/messages",
    "/admin/excuses",
    "/admin/settings",
    "/admin/timetable",
    "/admin/users",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
    if ((await overflow(page)).pageWider) wider.push(path);
  }
  expect(wider).toEqual([]);
});
