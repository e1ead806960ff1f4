import type { Page } from "@playwright/test";
import { everyPage, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";

const studentLinks = (page: Page) =>
  page
    .getByRole("table", { name: /^Students of / })
    .getByRole("rowheader")
    .getByRole("link");

async function listedStudents(page: Page): Promise<string[]> {
  await expect(studentLinks(page).first()).toBeVisible();
  return studentLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
}

/** A name no other test (or project) uses. */
const uniqueName = (project: string) => `E2E ${project} ${Date.now().toString(36)} Al-Test`;

test.describe("an admin's new student", () => {
  // One student per project, made by the first step and used by the next ones.
  test.describe.configure({ mode: "serial" });
  let name = "";
  let detail = "";

  test("is created, after a server-side error landed on its field", async ({ adminPage: page }, testInfo) => {
    name = uniqueName(testInfo.project.name);
    await page.goto("/students");
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
    await expect(studentLinks(page).first()).toBeVisible();
    await page.getByRole("link", { name: "New student" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New student" })).toBeVisible();
    await expectNoAxeViolations(page);

    // 121 characters: the browser lets it through, the school's API refuses it on `full_name`.
    const tooLong = "x".repeat(121);
    await page.getByLabel("Full name").fill(tooLong);
    // The last halqa by name (in the demo, one that is not running and not the demo teacher's), so the
    // new student stays out of registers other specs use.
    const halqa = page.getByLabel("Halqa", { exact: true });
    await halqa.selectOption({ index: (await halqa.getByRole("option").count()) - 1 });
    await page.getByRole("button", { name: "Create student" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Some fields need attention.");
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Enter the full name, 1 to 120 characters.");
    await expect(page.getByLabel("Full name")).toHaveValue(tooLong);
    await expectNoAxeViolations(page);

    await page.getByLabel("Full name").fill(name);
    await page.getByRole("button", { name: "Create student" }).click();
    await expect(page).toHaveURL(/\/students\/[^/?]+\?created=1$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Student created.")).toBeVisible();
    detail = page.url().replace(/\?.*$/, "");
  });

  test("appears in the list", async ({ adminPage: page }) => {
    await page.goto(`/students?q=${encodeURIComponent(name)}`);
    await expect(studentLinks(page)).toHaveCount(1);
    await expect(studentLinks(page).first()).toHaveText(name);
    await expectNoAxeViolations(page);
  });

  test("is edited, and a refused edit changes nothing", async ({ adminPage: page }) => {
    await page.goto(detail);
    const edit = page.getByRole("region", { name: "Edit student" });
    // The form comes on asking, so a page that is only read stays small (issue 15's budget).
    await expect(edit.getByLabel("Preferred name")).toHaveCount(0);
    await edit.getByRole("link", { name: "Change this student's details" }).click();
    await edit.getByLabel("Preferred name").fill("Abu Test");
    await edit.getByLabel("Status").selectOption("on_leave");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByRole("status")).toHaveText("Changes saved.");
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile).toContainText("Abu Test");
    await expect(profile).toContainText("On leave");
    await expectNoAxeViolations(page);

    await edit.getByLabel("Full name").fill("y".repeat(121));
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await expect(edit.getByLabel("Full name")).toHaveAccessibleDescription("Enter the full name, 1 to 120 characters.");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });
});

test.describe("students", () => {
  test("a student's page shows the profile, attendance of the last sessions and the recitation history", async ({
    adminPage: page,
  }) => {
    await page.goto("/students?status=active");
    await studentLinks(page).first().click();
    await expect(page.getByRole("region", { name: "Profile" })).toBeVisible();
    const attendance = page.getByRole("region", { name: "Attendance" });
    await expect(attendance.getByRole("table", { name: /^Attendance this semester: \d+ sessions?$/ })).toBeVisible();
    await expect(attendance.getByRole("rowheader", { name: "Present" })).toBeVisible();
    const history = page.getByRole("table", { name: "Recitations, newest first" });
    await expect(history.getByRole("row").nth(1)).toBeVisible();
    await expect(history).toContainText(/Needs repetition|Acceptable|Good|Very good|Excellent/);
    await expectNoAxeViolations(page);
  });

  test("a teacher sees only the students of their halqas, and cannot add one", async ({ adminPage, teacherPage }) => {
    await adminPage.goto("/students");
    const everyone = await everyPage(adminPage, () => listedStudents(adminPage));

    await teacherPage.goto("/students");
    await expect(teacherPage.getByText("Showing the students of the halqas you teach.")).toBeVisible();
    const mine = await listedStudents(teacherPage);
    expect(mine.length).toBeLessThan(everyone.length);
    expect(everyone).toEqual(expect.arrayContaining(mine));
    await expect(teacherPage.getByRole("link", { name: "New student" })).toHaveCount(0);
    await expectNoAxeViolations(teacherPage);

    await teacherPage.goto("/students/new");
    await expect(teacherPage.getByRole("heading", { level: 1, name: "Student not found" })).toBeVisible();
    await expect(teacherPage.getByLabel("Full name")).toHaveCount(0);
  });

  test("a teacher reads their student's page without the edit form, and another student is a 404", async ({
    adminPage,
    teacherPage,
  }) => {
    await adminPage.goto("/students");
    const everyone = await listedStudents(adminPage);
    await teacherPage.goto("/students");
    const mine = await listedStudents(teacherPage);

    await teacherPage.goto(mine[0] ?? "/students");
    await expect(teacherPage.getByRole("region", { name: "Profile" })).toBeVisible();
    await expect(teacherPage.getByRole("region", { name: "Edit student" })).toHaveCount(0);

    await teacherPage.goto(everyone.find((href) => !mine.includes(href)) ?? "/students/none");
    await expect(teacherPage.getByRole("heading", { level: 1, name: "Student not found" })).toBeVisible();
    await expect(teacherPage.getByRole("region", { name: "Profile" })).toHaveCount(0);
    await expectNoAxeViolations(teacherPage);
  });
});
