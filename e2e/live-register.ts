import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { allOf } from "./api";
import { expect } from "./fixtures";

/**
 * Starts a session of `halqa` from the "Start a session" part of /today (tapped rather than
 * clicked with `tap`); starting opens the session's live register, headed by the halqa's name.
 * Answers the session id.
 */
export async function startFromToday(page: Page, halqa: string, topic: string, options: { tap?: boolean } = {}) {
  await page.goto("/today");
  const start = page.getByRole("region", { name: "Start a session" });
  await start.getByLabel("Halqa", { exact: true }).selectOption({ label: halqa });
  await start.getByLabel("Topic (optional)", { exact: true }).fill(topic);
  await submitStart(page, start.getByRole("button", { name: "Start session" }), {
    ...options,
    topic: start.getByLabel("Topic (optional)", { exact: true }),
  });
  await expect(page).toHaveURL(/\/sessions\/[^/?]+\/live$/);
  await expect(page.getByRole("heading", { level: 1, name: `Register: ${halqa}` })).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
}

/** The school's marks of a session (read through its API), by student id. */
export async function serverMarks(request: APIRequestContext, sessionId: string): Promise<Map<string, string>> {
  const rows = await allOf<{ student_id: string; status: string }>(
    request,
    `/sessions/${encodeURIComponent(sessionId)}/attendance`,
  );
  return new Map(rows.map((row) => [row.student_id, row.status]));
}

const LIVE = /\/sessions\/[^/?]+\/live$/;

/**
 * Submits Today's start form (its topic filled) and lands on the register. The demo's halqas meet
 * many times a day in a test run: when the halqa already has a session today the form asks first
 * (issue 58.1), and a second one is started as a teacher who means it would (ticked; the topic says why).
 * `second` names the checkbox in the page's language.
 */
export async function submitStart(
  page: Page,
  submit: Locator,
  {
    tap = false,
    second = "Start a second session today",
    topic,
  }: { tap?: boolean; second?: string; topic?: Locator } = {},
) {
  const press = () => (tap ? submit.tap() : submit.click());
  await press();
  const ask = page.getByRole("checkbox", { name: second, exact: true });
  // Whichever comes first: the register, or the question (the other wait ends with the test's page).
  const asked = await Promise.race([
    page.waitForURL(LIVE, { timeout: 0 }).then(
      () => false,
      () => false,
    ),
    ask.waitFor({ timeout: 0 }).then(
      () => true,
      () => false,
    ),
  ]);
  if (!asked) return;
  await ask.check();
  // A second session says why; a test that started with no topic gives the reason a teacher would.
  if (topic && !(await topic.inputValue())) await topic.fill("extra lesson");
  await press();
  await page.waitForURL(LIVE);
}

/** Opens a student's sheet from the register's roster (tapped), in English: the dialog and its recitation form. */
export async function openSheet(page: Page, roster: Locator, name: string) {
  await roster.getByRole("button", { name: `Recitations and note 0 (${name})`, exact: true }).tap();
  const sheet = page.getByRole("dialog", { name: `${name}: recitations and note` });
  return { sheet, form: sheet.getByRole("form", { name: `Record recitation for ${name}` }) };
}
