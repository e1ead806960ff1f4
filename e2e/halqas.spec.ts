import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";
import { showArchivedSemester } from "./semester-switch";
import { chooseLanguage, backToEnglish } from "./languages";

/** A demo halqa carried through three semesters (archived, active, planned) by its lineage. */
const CARRIED_HALQA = "Abu Bakr";

const halqaTable = (page: Page, name: RegExp = /^Halqas of /) => page.getByRole("table", { name });
const halqaLinks = (page: Page, name?: RegExp) => halqaTable(page, name).getByRole("rowheader").getByRole("link");

/** The detail addresses of every listed halqa, once the list has rendered. */
async function listedHalqas(page: Page): Promise<string[]> {
  await expect(halqaLinks(page).first()).toBeVisible();
  return halqaLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}

test.describe("halqas", () => {
  test("an admin sees the semester's halqas and filters them by state and name", async ({ adminPage: page }) => {
    await page.goto("/halqas");
    await expect(page.getByRole("heading", { level: 1, name: "Halqas" })).toBeVisible();
    const all = await listedHalqas(page);
    expect(all.length).toBeGreaterThan(2);
    await expectNoAxeViolations(page);

    await page.getByLabel("State").selectOption("false");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]active=false/);
    const inactive = halqaTable(page)
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") });
    await expect(inactive.first()).toBeVisible();
    expect(await inactive.count()).toBeLessThan(all.length);
    for (const row of await inactive.all()) await expect(row).toContainText("Inactive");

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/active=/);
    await page.getByLabel("Search by name").fill(CARRIED_HALQA.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(halqaLinks(page)).toHaveCount(1);
    await expect(halqaLinks(page).first()).toContainText(CARRIED_HALQA);
  });

  test("a halqa's page shows its roster, eligible sheikhs, recent sessions and the same halqa in other semesters", async ({
    adminPage: page,
  }) => {
    await page.goto(`/halqas?q=${encodeURIComponent(CARRIED_HALQA)}`);
    await halqaLinks(page).first().click();

    await expect(page.getByRole("heading", { level: 1, name: new RegExp(CARRIED_HALQA) })).toBeVisible();
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await expect(
      page
        .getByRole("table", { name: /^Students of / })
        .getByRole("rowheader")
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Eligible sheikhs" }).getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent sessions" }).getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page);

    const detailUrl = page.url();
    const others = page.getByRole("region", { name: "This halqa in other semesters" }).getByRole("link");
    await expect(others.first()).toBeVisible();
    await others.first().click();
    await expect(page).not.toHaveURL(detailUrl);
    await expect(page.getByRole("heading", { level: 1, name: title ?? "" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "This halqa in other semesters" }).getByRole("link", { name: /\(Active\)$/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an archived semester stays readable through the semester switch", async ({ adminPage: page }) => {
    await page.goto("/halqas");
    await showArchivedSemester(page);
    await expect(page.getByText("This semester is archived")).toBeVisible();
    await expect(halqaLinks(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a teacher sees only the halqas they teach, and another halqa's address is a 404", async ({
    adminPage,
    teacherPage,
  }) => {
    await adminPage.goto("/halqas");
    const everything = await listedHalqas(adminPage);

    await teacherPage.goto("/halqas");
    await expect(teacherPage.getByText("Showing the halqas you teach.")).toBeVisible();
    const mine = await listedHalqas(teacherPage);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(everything.length);
    expect(everything).toEqual(expect.arrayContaining(mine));
    await expectNoAxeViolations(teacherPage);

    const someoneElses = everything.find((href) => !mine.includes(href));
    expect(someoneElses).toBeTruthy();
    await teacherPage.goto(someoneElses ?? "/halqas/none");
    await expect(teacherPage.getByRole("heading", { level: 1, name: "Halqa not found" })).toBeVisible();
    await expect(teacherPage.getByRole("heading", { name: "Roster" })).toHaveCount(0);
    await expectNoAxeViolations(teacherPage);

    await teacherPage.goto(mine[0] ?? "/halqas");
    await expect(teacherPage.getByRole("heading", { level: 2, name: "Roster" })).toBeVisible();
  });

  test("in Arabic the halqas pages read right to left", async ({ arqamAdminPage: page }, testInfo) => {
    // Switching language changes the shared demo account for a moment: one project is enough.
    test.skip(testInfo.project.name !== "desktop", "changes a shared account's stored language");
    await page.goto("/halqas");
    try {
      await chooseLanguage(page, "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { level: 1, name: "الحلقات" })).toBeVisible();
      await expect(page.getByLabel("الفصل الدراسي")).toBeVisible();
      await expect(halqaLinks(page, /^حلقات /).first()).toBeVisible();
      await expectNoAxeViolations(page);

      await halqaLinks(page, /^حلقات /)
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 2, name: "قائمة الطلاب" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "الجلسات الأخيرة" })).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await backToEnglish(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }
  });
});
