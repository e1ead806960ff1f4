import { expect, test } from "./fixtures";
import { catalogues, chooseLanguage, languageList, localeMeta } from "./languages";

/** Every language of the product (issue 26), as a visitor meets it: each catalogue's own words, its direction. */
const LOCALES = Object.keys(catalogues);

test("the sign-in page reads in each of the seven languages, right to left in Arabic and Urdu, and keeps the choice", async ({
  page,
}) => {
  expect(LOCALES.sort()).toEqual(["ar", "en", "fr", "id", "ms", "tr", "ur"]);
  await page.goto("/login");
  for (const locale of LOCALES) {
    await chooseLanguage(page, locale);
    const auth = catalogues[locale]!("auth");
    await expect(page.locator("html")).toHaveAttribute("dir", localeMeta(locale).dir);
    // Each language is listed under its own name, from its folder's _locale.json.
    await expect(
      languageList(page).getByRole("option", { name: localeMeta(locale).name, exact: true }),
    ).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1, name: auth.login.title })).toBeVisible();
    await expect(page.getByLabel(auth.login.password, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: auth.login.title })).toBeVisible();
  }
  await chooseLanguage(page, "en");
});

test("a wrong password is refused in the visitor's language (Urdu, Turkish)", async ({ page }) => {
  await page.goto("/login");
  for (const locale of ["ur", "tr"]) {
    await chooseLanguage(page, locale);
    const auth = catalogues[locale]!("auth");
    await page.getByLabel(auth.login.email, { exact: true }).fill("nobody@example.org");
    await page.getByLabel(auth.login.password, { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: auth.login.submit, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: auth.errors.invalidCredentials })).toBeVisible();
  }
  await chooseLanguage(page, "en");
});

test("a browser that asks for French gets the sign-in page in French", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "fr-FR",
    extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5" },
  });
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: catalogues.fr!("auth").login.title })).toBeVisible();
  } finally {
    await context.close();
  }
});
