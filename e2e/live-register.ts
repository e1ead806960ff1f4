import type { APIRequestContext, Page } from "@playwright/test";
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
  const button = start.getByRole("button", { name: "Start session" });
  if (options.tap) await button.tap();
  else await button.click();
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
