import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Shows the page's list for an archived semester, chosen through its semester switch. */
export async function showArchivedSemester(page: Page): Promise<void> {
  const archived = await page
    .getByRole("option", { name: /\(Archived\)$/ })
    .first()
    .textContent();
  await page.getByLabel("Semester").selectOption({ label: (archived ?? "").trim() });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]semester=/);
}
