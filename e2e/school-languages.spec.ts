import type { Browser, Page } from "@playwright/test";
import { expect, storageStateFor, test } from "./fixtures";
import { catalogues } from "./languages";

/**
 * Each person's language at first sign-in, and the school's language settings (issue 26): the default
 * for new users, the digits, the order of the Hijri and Gregorian dates. These change Dar Al-Arqam's
 * settings, which every page of that school reads: the spec runs in its own project, after the others
 * (playwright.config.ts), and puts the defaults back.
 */
const admin = catalogues.en!("admin");
const PASSWORD = "a long initial password";
type Settings = {
  defaultLocale: string;
  numerals: "western" | "native";
  calendars: "gregorian-first" | "hijri-first" | "gregorian-only";
};
const DEFAULTS: Settings = { defaultLocale: "en", numerals: "western", calendars: "gregorian-first" };
const NUMERALS = {
  western: admin.languages.numeralsWestern.replace("{digits}", "0 1 2 3"),
  native: admin.languages.numeralsNative,
};
const CALENDARS = {
  "gregorian-first": admin.languages.calendarsGregorianFirst,
  "hijri-first": admin.languages.calendarsHijriFirst,
  "gregorian-only": admin.languages.calendarsGregorianOnly,
};

test.describe.configure({ mode: "serial" });

async function saveSettings(page: Page, settings: Settings) {
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: admin.languages.title });
  await section.getByRole("combobox", { name: admin.languages.defaultLocale }).selectOption(settings.defaultLocale);
  await section.getByRole("radio", { name: NUMERALS[settings.numerals] }).check();
  await section.getByRole("radio", { name: CALENDARS[settings.calendars] }).check();
  await section.getByRole("button", { name: admin.languages.save }).click();
  await expect(section.getByText(admin.languages.saved)).toBeVisible();
}

/** A new user through the admin's form; `language` left out keeps the one the form pre-selected. */
async function createUser(page: Page, user: { email: string; role: "Administrator" | "Teacher"; language?: string }) {
  await page.goto("/admin/users/new");
  await page.getByLabel(admin.create.name).fill(`Languages ${user.email.split("@")[0]}`);
  await page.getByLabel(admin.create.email).fill(user.email);
  await page.getByRole("combobox", { name: admin.create.role }).selectOption({ label: user.role });
  if (user.language)
    await page.getByRole("combobox", { name: admin.create.locale, exact: true }).selectOption({ label: user.language });
  await page.getByLabel(admin.create.password).fill(PASSWORD);
  await page.getByRole("button", { name: admin.create.submit }).click();
  await expect(page).toHaveURL(/\/admin\/users\/usr/);
}

/** Signs in from a browser that asks for `acceptLanguage`, through the sign-in page in whatever language it shows. */
async function signInFrom(
  browser: Browser,
  acceptLanguage: string,
  email: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Language": acceptLanguage } });
  const page = await context.newPage();
  await page.goto("/login");
  const auth = catalogues[(await page.locator("html").getAttribute("lang")) ?? "en"]!("auth");
  await page.getByLabel(auth.login.email, { exact: true }).fill(email);
  await page.getByLabel(auth.login.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: auth.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/(today|admin)$/);
  return { page, close: () => context.close() };
}

const unique = (label: string) => `${label}-${Date.now().toString(36)}@example.org`;

/**
 * The runs of Western digits in what the page's main part says once every part has come, leaving
 * out what people typed or named (names and ids are shown in <bdi>, as written) and form fields.
 */
async function latinDigitRuns(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-slot=skeleton]")).toHaveCount(0);
  return page.getByRole("main").evaluate((main) => {
    const runs: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest("bdi, input, textarea, select, script, style, [hidden]")) continue;
      for (const run of node.textContent?.match(/[0-9][0-9.,:%]*/g) ?? [])
        runs.push(`${run} in “${node.textContent!.trim().slice(0, 80)}”`);
    }
    return runs;
  });
}

/** The school day line of Today, in the page's language (`home.schoolDay`). */
function schoolDay(page: Page, locale: string) {
  const prefix = (catalogues[locale]!("home").schoolDay as string).split("{date}")[0]!;
  return page.getByText(new RegExp(`^${prefix}`));
}

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateFor("arqamAdmin") });
  await saveSettings(await context.newPage(), DEFAULTS);
  await context.close();
});

test("a new user whose browser asks for French reads French from the first sign-in, and keeps it on an English browser", async ({
  arqamAdminPage: page,
  browser,
}) => {
  await saveSettings(page, DEFAULTS);
  const email = unique("french-teacher");
  await createUser(page, { email, role: "Teacher" });

  const first = await signInFrom(browser, "fr-FR,fr;q=0.9,en;q=0.5", email);
  await expect(first.page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(first.page.getByRole("heading", { level: 1, name: catalogues.fr!("home").title })).toBeVisible();
  await first.close();

  const later = await signInFrom(browser, "en-US,en;q=0.9", email);
  await expect(later.page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(later.page.getByRole("heading", { level: 1, name: catalogues.fr!("home").title })).toBeVisible();
  await later.close();
});

test("the school's default language is pre-selected for a new user, and is theirs when the browser asks for none of ours", async ({
  arqamAdminPage: page,
  browser,
}) => {
  await saveSettings(page, { ...DEFAULTS, defaultLocale: "ur" });
  await page.goto("/admin/users/new");
  await expect(page.getByRole("combobox", { name: admin.create.locale, exact: true })).toHaveValue("ur");
  const email = unique("urdu-teacher");
  await createUser(page, { email, role: "Teacher" });

  // German and Japanese are not ours, and a malformed entry is skipped, never an error.
  const person = await signInFrom(browser, "de-DE,;q=abc,ja;q=0.8", email);
  await expect(person.page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(person.page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(person.page.getByRole("heading", { level: 1, name: catalogues.ur!("home").title })).toBeVisible();
  await person.close();
});

test("digits and the order of the Hijri and Gregorian dates follow the school's settings, in Arabic and Urdu", async ({
  arqamAdminPage: page,
  browser,
}) => {
  test.slow();
  await saveSettings(page, DEFAULTS);
  const arabicEmail = unique("arabic-admin");
  const urduEmail = unique("urdu-digits");
  await createUser(page, { email: arabicEmail, role: "Administrator", language: "Arabic" });
  await createUser(page, { email: urduEmail, role: "Teacher", language: "Urdu" });
  const arabic = await signInFrom(browser, "en-US,en;q=0.9", arabicEmail);
  const urdu = await signInFrom(browser, "en-US,en;q=0.9", urduEmail);
  try {
    // An admin lands on the school's overview; the school day line is Today's.
    await arabic.page.goto("/today");
    await expect(arabic.page.locator("html")).toHaveAttribute("lang", "ar");
    // The defaults: Western digits, the Gregorian date first and the Hijri beside it.
    await expect(schoolDay(arabic.page, "ar")).toHaveText(/202\d.*144\d/);
    await expect(schoolDay(arabic.page, "ar")).not.toHaveText(/[٠-٩]/);

    await saveSettings(page, { ...DEFAULTS, numerals: "native", calendars: "hijri-first" });
    await arabic.page.reload();
    await expect(schoolDay(arabic.page, "ar")).toHaveText(/١٤٤[٠-٩].*٢٠٢[٠-٩]/);
    await expect(schoolDay(arabic.page, "ar")).not.toHaveText(/[0-9]/);
    await urdu.page.reload();
    await expect(urdu.page.locator("html")).toHaveAttribute("lang", "ur");
    await expect(schoolDay(urdu.page, "ur")).toHaveText(/۱۴۴[۰-۹].*۲۰۲[۰-۹]/);
    await expect(schoolDay(urdu.page, "ur")).not.toHaveText(/[0-9٠-٩]/);
    // Every number of the overview and of a student's page too (issue 58.6): counts, percentages, dates
    // and the figures a message's own words hold ("the last 7 days", "of 6236 ayahs").
    expect(await latinDigitRuns(arabic.page, "/admin")).toEqual([]);
    await arabic.page.goto("/students");
    // A student's own page, as the list links it (streamed in: waited for).
    const studentPath = await arabic.page.locator('main a[href^="/students/stu_"]').first().getAttribute("href");
    expect(studentPath).toBeDefined();
    expect(await latinDigitRuns(arabic.page, studentPath!)).toEqual([]);

    await saveSettings(page, { ...DEFAULTS, calendars: "gregorian-only" });
    await arabic.page.goto("/today");
    await expect(schoolDay(arabic.page, "ar")).toHaveText(/202\d/);
    await expect(schoolDay(arabic.page, "ar")).not.toHaveText(/144\d|هـ/);
  } finally {
    await arabic.close();
    await urdu.close();
  }
});
