import type { Page } from "@playwright/test";
import { DEMO_TEACHER_SHEIKH_NAME } from "../lib/school-api/seed/demo-facts";
import { allOf, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";

type Assignment = { id: string; status: string; superseded_at: string | null; replaced_by_assignment_id: string | null };
type Plan = { id: string; student_id: string; status: string; name: string };

const planTable = (page: Page) => page.getByRole("table", { name: /^Learning plans of / });

/** Presses "Sync now" (another project may be syncing at the same moment) and waits for the list to fill. */
async function syncPlans(page: Page) {
  await page.goto("/plans");
  await expect(page.getByRole("heading", { level: 1, name: "Learning plans" })).toBeVisible();
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByText(/Sync complete|A sync is already running/)).toBeVisible({ timeout: 90_000 });
  await expect(async () => {
    await page.reload();
    await expect(planTable(page).getByRole("row").nth(1)).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText(/^Last complete sync:/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

test.describe("learning plans, as the admin", () => {
  test.describe.configure({ mode: "serial" });

  test("Sync now fills the list from the school; counts per state filter it", async ({ adminPage: page, request }) => {
    test.slow();
    await syncPlans(page);
    await expectNoAxeViolations(page);

    // The last sync is told in the school's time zone, like sessions and the audit log: one of the last few minutes there.
    const school = (await (await request.get("/api/v1/school", { headers: { Authorization: "Bearer demo_alnoor_admin" } })).json()) as { data: { time_zone: string } };
    const inSchool = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: school.data.time_zone });
    const recent = Array.from({ length: 6 }, (_, minutes) => inSchool.format(Date.now() - minutes * 60_000));
    const last = await page.getByText(/^Last complete sync:/).innerText();
    expect(recent.some((time) => last.includes(time)), `${last} is not one of ${recent.join(", ")}`).toBe(true);

    const counts = page.getByRole("navigation", { name: "Plans by state" });
    const allChip = counts.getByRole("link", { name: /^All: / });
    await expect(allChip).toHaveAttribute("aria-current", "page");
    await counts.getByRole("link", { name: /^Active: / }).click();
    await expect(counts.getByRole("link", { name: /^Active: / })).toHaveAttribute("aria-current", "page");
    const states = planTable(page).getByRole("row").locator("td:nth-child(3)");
    await expect(states.first()).toBeVisible();
    for (const text of await states.allInnerTexts()) expect(text.trim()).toBe("Active");
  });

  test("search by student name narrows the list to that student's plans", async ({ adminPage: page }) => {
    await page.goto("/plans");
    const firstStudent = (await planTable(page).getByRole("rowheader").first().innerText()).trim();
    await page.getByLabel("Search by student name").fill(firstStudent);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=/);
    const names = await planTable(page).getByRole("rowheader").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).toBe(firstStudent);
  });

  test("a plan's timeline keeps a replaced assignment, linked to its replacement and back", async ({ adminPage: page, request }) => {
    const plans = await allOf<Plan>(request, "/learning-plans");
    let found: { plan: Plan; history: Assignment[] } | null = null;
    for (const plan of plans) {
      const history = await allOf<Assignment>(request, `/learning-plans/${plan.id}/assignments`);
      if (history.some((a) => a.replaced_by_assignment_id)) {
        found = { plan, history };
        break;
      }
    }
    expect(found, "the demo has a plan with a replaced assignment").not.toBeNull();
    const { plan, history } = found!;
    const oldIndex = history.findIndex((a) => a.replaced_by_assignment_id);
    const newIndex = history.findIndex((a) => a.id === history[oldIndex]!.replaced_by_assignment_id);

    await page.goto(`/plans/${plan.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(plan.name);
    await expect(page.getByRole("heading", { name: "Current settings" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Progress of / }).first()).toBeVisible();
    const items = page.getByRole("region", { name: "Assignment history" }).getByRole("article");
    await expect(items).toHaveCount(history.length);

    const replaced = page.getByRole("article", { name: `Assignment ${oldIndex + 1}`, exact: true });
    await expect(replaced.getByText("Staff only")).toBeVisible();
    await replaced.getByRole("link", { name: `Assignment ${newIndex + 1}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#assignment-${history[newIndex]!.id}$`));
    const replacement = page.getByRole("article", { name: `Assignment ${newIndex + 1}`, exact: true });
    await expect(replacement.getByText("Replaces")).toBeVisible();
    await expect(replacement.getByRole("link", { name: `Assignment ${oldIndex + 1}`, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Refresh from the school" }).click();
    await expect(page.getByText("Refreshed from the school.")).toBeVisible();
  });
});

test.describe("learning plans, as a teacher", () => {
  test("lists only the plans of students they teach; another student's plan is a 404", async ({ teacherPage: page, request }) => {
    await page.goto("/plans");
    await expect(page.getByText("Showing the plans of students in the halqas you teach.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync now" })).toHaveCount(0);

    const sheikhs = await allOf<{ id: string; name: string; halqa_ids: string[] }>(request, "/sheikhs");
    const taught = new Set(sheikhs.filter((s) => s.name === DEMO_TEACHER_SHEIKH_NAME).flatMap((s) => s.halqa_ids));
    const students = await allOf<{ id: string; halqa_id: string }>(request, "/students");
    const other = (await allOf<Plan>(request, "/learning-plans")).find((plan) => {
      const student = students.find((s) => s.id === plan.student_id);
      return student && !taught.has(student.halqa_id);
    });
    expect(other, "the demo has a plan of a student the teacher does not teach").toBeTruthy();
    // The page streams behind a loading skeleton, so the 404 is the not-found page (as for halqas and students).
    await page.goto(`/plans/${other!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Plan not found" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(other!.name);
  });
});

test.describe("learning plans switched off", () => {
  test("Dar Al-Arqam's admin gets a calm page saying plans are not available", async ({ arqamAdminPage: page }) => {
    await page.goto("/plans");
    await expect(page.getByRole("heading", { level: 2, name: /^(Learning plans are not available|خطط الحفظ غير متاحة)$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Sync now|زامن الآن)$/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
