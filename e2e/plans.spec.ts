import type { Page } from "@playwright/test";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { allOf, expectNoAxeViolations, schoolAdmin } from "./api";
import { expect, test } from "./fixtures";

type Segment = {
  order: number;
  track_type: string;
  range: { start: { surah: number; ayah: number }; end: { surah: number; ayah: number } };
};
type Assignment = {
  id: string;
  status: string;
  source: string;
  due_date: string;
  superseded_at: string | null;
  replaced_by_assignment_id: string | null;
  segments: Segment[];
};
type Plan = { id: string; student_id: string; status: string; name: string; semester_id: string | null };

const segmentKey = (s: Segment) =>
  `${s.track_type}|${s.range.start.surah}:${s.range.start.ayah}-${s.range.end.surah}:${s.range.end.ayah}`;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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
    const school = (await (
      await request.get("/api/v1/school", { headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } })
    ).json()) as { data: { time_zone: string } };
    const inSchool = new Intl.DateTimeFormat("en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: school.data.time_zone,
    });
    const recent = Array.from({ length: 6 }, (_, minutes) => inSchool.format(Date.now() - minutes * 60_000));
    const last = await page.getByText(/^Last complete sync:/).innerText();
    expect(
      recent.some((time) => last.includes(time)),
      `${last} is not one of ${recent.join(", ")}`,
    ).toBe(true);

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
    // The URL changes before the new page has replaced its skeleton: wait for the rows themselves.
    await expect(planTable(page).getByRole("rowheader").first()).toHaveText(firstStudent);
    const names = await planTable(page).getByRole("rowheader").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).toBe(firstStudent);
  });

  test("a plan's timeline keeps a replaced assignment, linked to its replacement and back", async ({
    adminPage: page,
    request,
  }) => {
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

test.describe("learning plans, reviewed as the admin", () => {
  test("a replaced plan is found from the list in one filter; its timeline shows what the replacement changed, as the API has it", async ({
    adminPage: page,
    request,
  }, info) => {
    test.setTimeout(300_000);
    // One published assignment per project, so that parallel projects never replace the same one.
    const [semester] = await allOf<{ id: string }>(request, "/semesters?status=active");
    const plans = (await allOf<Plan>(request, "/learning-plans")).filter(
      (plan) => plan.status === "active" && plan.semester_id === semester!.id,
    );
    const candidates: { plan: Plan; old: Assignment }[] = [];
    for (const plan of plans) {
      const old = (await allOf<Assignment>(request, `/learning-plans/${plan.id}/assignments`)).find(
        (a) => a.status === "published" && a.segments.length > 0,
      );
      if (old) candidates.push({ plan, old });
      if (candidates.length > 2) break;
    }
    const { plan, old } = candidates[info.project.name === "tablet" ? 1 : 0]!;
    // Drop the first segment and add one the assignment does not have (Al-Fatihah, else Al-Ikhlas).
    const kept = old.segments.slice(1).map((segment, index) => ({ ...segment, order: index + 1 }));
    const extra = [
      { start: { surah: 1, ayah: 1 }, end: { surah: 1, ayah: 7 } },
      { start: { surah: 112, ayah: 1 }, end: { surah: 112, ayah: 4 } },
    ]
      .map((range): Segment => ({ order: kept.length + 1, track_type: "old_revision", range }))
      .find((segment) => !old.segments.some((s) => segmentKey(s) === segmentKey(segment)))!;
    await schoolAdmin(request, "replace-assignment", {
      assignmentId: old.id,
      dueDate: addDays(old.due_date, 3),
      status: "in_progress",
      segments: [...kept, extra],
    });

    // The two assignments as the API has them now.
    const history = await allOf<Assignment>(request, `/learning-plans/${plan.id}/assignments`);
    const before = history.find((a) => a.id === old.id)!;
    const after = history.find((a) => a.id === before.replaced_by_assignment_id)!;
    const student = (await (
      await request.get(`/api/v1/students/${plan.student_id}`, {
        headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
      })
    ).json()) as { data: { full_name: string } };
    // `/surahs` takes no query parameters (no `limit`): the whole list in one answer.
    const surahs = (
      (await (
        await request.get("/api/v1/surahs", { headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } })
      ).json()) as { data: { number: number; name_transliteration: string }[] }
    ).data;

    // One filter on the list: replaced in the last 7 days (after a sync that started after the replacement).
    await expect(async () => {
      await page.goto("/plans");
      await page.getByRole("button", { name: "Sync now" }).click();
      await expect(page.getByText(/Sync complete|A sync is already running/)).toBeVisible({ timeout: 60_000 });
      await page.goto("/plans");
      await page.getByRole("combobox", { name: "Replaced" }).selectOption({ label: "In the last 7 days" });
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/replaced=7/);
      const row = planTable(page)
        .getByRole("row")
        .filter({ hasText: plan.name })
        .filter({ hasText: student.data.full_name });
      await expect(row.getByText("Replaced lately")).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 180_000 });
    for (const text of await planTable(page)
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .allInnerTexts())
      expect(text).toMatch(/Replaced (once|\d+ times), last /);
    await expectNoAxeViolations(page);
    await planTable(page)
      .getByRole("row")
      .filter({ hasText: plan.name })
      .filter({ hasText: student.data.full_name })
      .getByRole("link", { name: student.data.full_name })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(plan.name);

    const number = history.findIndex((a) => a.id === after.id) + 1;
    const diff = page.getByRole("article", { name: `Assignment ${number}`, exact: true }).getByRole("region", {
      name: `What changed from assignment ${history.findIndex((a) => a.id === before.id) + 1}`,
    });
    const oldKeys = new Set(before.segments.map(segmentKey));
    const newKeys = new Set(after.segments.map(segmentKey));
    const added = after.segments.filter((s) => !oldKeys.has(segmentKey(s)));
    const removed = before.segments.filter((s) => !newKeys.has(segmentKey(s)));
    const rangeText = (s: Segment) => {
      const surah = surahs.find((x) => x.number === s.range.start.surah)!.name_transliteration;
      return s.range.start.surah === s.range.end.surah
        ? new RegExp(
            `\\(${surah}\\).*${s.range.start.ayah === s.range.end.ayah ? `ayah ${s.range.start.ayah}` : `ayahs ${s.range.start.ayah}–${s.range.end.ayah}`}`,
          )
        : new RegExp(surah);
    };
    // Added segments come first, then removed ones; each list only when it has something.
    expect(added.length + removed.length, "the replacement changed the segments").toBeGreaterThan(0);
    for (const [title, segments, index] of [
      ["Segments added", added, 0],
      ["Segments removed", removed, added.length ? 1 : 0],
    ] as const) {
      if (!segments.length) {
        await expect(diff.getByRole("heading", { name: title })).toHaveCount(0);
        continue;
      }
      await expect(diff.getByRole("heading", { name: title })).toBeVisible();
      const list = diff.getByRole("list").nth(index);
      await expect(list.getByRole("listitem")).toHaveCount(segments.length);
      for (const segment of segments) await expect(list.getByText(rangeText(segment))).toBeVisible();
    }
    const days = (Date.parse(after.due_date) - Date.parse(before.due_date)) / 86_400_000;
    await expect(diff.getByText(new RegExp(`^Due date moved ${days} days later`))).toBeVisible();
    await expect(diff.getByText("State: Published → In progress")).toBeVisible();
    if (before.source !== after.source) await expect(diff.getByText(/^Source: /)).toBeVisible();
    else await expect(diff.getByText(/^Source: /)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The week's changes across plans link into this timeline.
    // Grouped by plan under the student's name: the replacement just made is the newest change, on page 1.
    await page.goto("/plans/changes?kind=replaced");
    await expect(page.getByRole("heading", { level: 1, name: "What changed" })).toBeVisible();
    const changes = page.getByRole("table", { name: `Changes to ${plan.name} of ${student.data.full_name}` });
    const replacedRow = changes
      .getByRole("row")
      .filter({ hasText: `Replaced by assignment ${number}` })
      .first();
    await expect(replacedRow).toBeVisible();
    await expectNoAxeViolations(page);
    await replacedRow.getByRole("link", { name: /^Assignment \d+$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/plans/${plan.id}#assignment-${before.id}$`));
  });
});

test.describe("learning plans, as a teacher", () => {
  test("lists only the plans of students they teach; another student's plan is a 404", async ({
    teacherPage: page,
    request,
  }) => {
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
    // The school-wide "what changed" view is the admins'.
    await page.goto("/plans/changes");
    await expect(page.getByRole("heading", { level: 1, name: "What changed" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText(other!.name);
  });
});

test.describe("learning plans switched off", () => {
  test("Dar Al-Arqam's admin gets a calm page saying plans are not available", async ({ arqamAdminPage: page }) => {
    await page.goto("/plans");
    await expect(
      page.getByRole("heading", { level: 2, name: /^(Learning plans are not available|خطط الحفظ غير متاحة)$/ }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Sync now|زامن الآن)$/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
