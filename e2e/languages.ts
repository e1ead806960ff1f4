import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

const MESSAGES = path.join(process.cwd(), "messages");
/** Each language's catalogue, read as the server reads it. */
export const catalogues = Object.fromEntries(
  readdirSync(MESSAGES).map((locale) => [
    locale,
    (namespace: string) => JSON.parse(readFileSync(path.join(MESSAGES, locale, `${namespace}.json`), "utf8")),
  ]),
);
/** What each language's folder says of it (messages/<locale>/_locale.json): its own name, tag, direction. */
export const localeMeta = (locale: string): { name: string; tag: string; dir: "ltr" | "rtl" } =>
  JSON.parse(readFileSync(path.join(MESSAGES, locale, "_locale.json"), "utf8"));
const LABELS = Object.values(catalogues).map((read) => read("common").language as string);

/** The language list of the page's header (components/shell/language-select.tsx), whatever language the page is in. */
export const languageList = (page: Page): Locator =>
  page.getByRole("combobox", { name: new RegExp(`^(${LABELS.join("|")})$`) });

/** Chooses a language from the list and waits for the page to come back in it. */
export async function chooseLanguage(page: Page, locale: string): Promise<void> {
  await languageList(page).selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** Back to English where the page still has the list (a test's clean-up for a shared demo account). */
export async function backToEnglish(page: Page): Promise<void> {
  if (await languageList(page).isVisible()) await chooseLanguage(page, "en");
}

/**
 * Runs `check` with the page's signed-in account switched to Arabic from /today (right to left),
 * then back to English whatever happens: a shared demo account is changed only for a moment.
 */
export async function inArabicForAMoment(page: Page, check: () => Promise<void>): Promise<void> {
  await page.goto("/today");
  try {
    await chooseLanguage(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await check();
  } finally {
    await page.goto("/today");
    await backToEnglish(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
}
