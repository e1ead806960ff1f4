import type { Page } from "@playwright/test";
import { DEMO_KEYS, PRIVATE_TEXTS } from "../school-api/seed-facts";
import { allOf, expectNoAxeViolations, schoolAdmin } from "./api";
import { expect, test } from "./fixtures";

/** The parent allowlist (lib/features/plans/parent-view.ts), restated here as what the test expects. */
const PARENT_VISIBLE = new Set(["published", "in_progress", "completed"]);

type Student = {
  id: string;
  lineage_id: string;
  full_name: string;
  preferred_name: string | null;
  halqa_id: string;
  semester_id: string;
};
type Assignment = { id: string; status: string; explanation: string | null };

/** The lineage ids of the parent's children, from the links of the family home (taken from the page, never built). */
async function childLinks(page: Page): Promise<string[]> {
  await page.goto("/family");
  const links = page.getByRole("navigation", { name: "Your children" }).getByRole("link");
  await expect(links).toHaveCount(2);
  return (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))).map((href) =>
    href.split("/").pop()!,
  );
}

test.describe("the parent-facing view", () => {
  test("shows each child's halqa, attendance, recitations and assignments; staff-only assignments never reach the HTML or RSC payload", async ({
    parentPage: page,
    request,
  }) => {
    test.slow();
    const lineages = await childLinks(page);
    for (const lineage of lineages) {
      const records = await allOf<Student>(request, `/students?lineage_id=${lineage}`);
      const assignments: Assignment[] = [];
      for (const record of records) {
        for (const plan of await allOf<{ id: string }>(request, `/learning-plans?student_id=${record.id}`)) {
          assignments.push(...(await allOf<Assignment>(request, `/learning-plans/${plan.id}/assignments`)));
        }
      }
      // Make sure the child has a staff-only assignment to hide: replace one (the old one becomes superseded).
      if (!assignments.some((a) => !PARENT_VISIBLE.has(a.status)) && assignments[0]) {
        await schoolAdmin(request, "set-assignment-status", { assignmentId: assignments[0].id, status: "draft" });
        assignments[0].status = "draft";
      }
      const hidden = assignments.filter((a) => !PARENT_VISIBLE.has(a.status));
      const shown = assignments.filter((a) => PARENT_VISIBLE.has(a.status));
      expect(hidden.length, "the child has staff-only assignments").toBeGreaterThan(0);

      const path = `/family/children/${lineage}`;
      await page.goto(path);
      await expect(
        page.getByRole("navigation", { name: "Your children" }).locator('a[aria-current="page"]'),
      ).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 2, name: "Assignments" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Recent attendance" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Recent recitations" })).toBeVisible();
      await expect(page.getByText(/^Halqa: /)).toBeVisible();
      if (shown.length) await expect(page.getByRole("heading", { level: 3, name: "Current work" })).toBeVisible();

      const html = await (await page.request.get(path)).text();
      const rsc = await (await page.request.get(path, { headers: { RSC: "1" } })).text();
      expect(html).toContain("Recent attendance");
      expect(rsc.length).toBeGreaterThan(100);
      for (const body of [html, rsc, await page.content()]) {
        for (const assignment of hidden) {
          expect(body, `staff-only assignment ${assignment.status}`).not.toContain(assignment.id);
          if (assignment.explanation && !shown.some((s) => s.explanation === assignment.explanation))
            expect(body).not.toContain(assignment.explanation);
        }
        for (const text of PRIVATE_TEXTS) expect(body).not.toContain(text);
      }
    }
    await expectNoAxeViolations(page);
  });

  test("another family's child is a 404 with nothing of the child, and staff pages stay closed", async ({
    parentPage: page,
    request,
  }, info) => {
    test.skip(info.project.name !== "desktop", "answers and headings, not the screen: once is enough");
    const mine = new Set(await childLinks(page));
    const students = await allOf<Student>(request, "/students");
    const other = students.find((student) => !mine.has(student.lineage_id))!;
    const response = await page.goto(`/family/children/${other.lineage_id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Child not found" })).toBeVisible();
    expect(await page.content()).not.toContain(other.full_name);
    for (const path of ["/plans", `/students/${other.id}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test("speaks a family's words, each label once, and marks the school's English explanation with its language", async ({
    parentPage: page,
    request,
  }, info) => {
    test.slow();
    // One child per project, so that parallel projects never replace the same assignment.
    const lineage = (await childLinks(page))[info.project.name === "tablet" ? 1 : 0]!;
    const records = await allOf<Student>(request, `/students?lineage_id=${lineage}`);
    const history: Assignment[] = [];
    for (const record of records) {
      for (const plan of await allOf<{ id: string }>(request, `/learning-plans?student_id=${record.id}`)) {
        history.push(...(await allOf<Assignment>(request, `/learning-plans/${plan.id}/assignments`)));
      }
    }
    let target = history.find((a) => a.status === "published");
    if (!target) {
      target = history.find((a) => a.status !== "superseded");
      expect(target, "the child has an assignment").toBeTruthy();
      await schoolAdmin(request, "set-assignment-status", { assignmentId: target!.id, status: "published" });
    }
    const explanation = `Please revise Surah Al-Mulk before Thursday (${info.project.name} ${Date.now().toString(36)}).`;
    await schoolAdmin(request, "replace-assignment", { assignmentId: target!.id, explanation });

    // Two more sessions of the child's halqa today, an hour apart (ended at once, as short extra lessons): the day has several sessions.
    const key = { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };
    const [active] = await allOf<{ id: string }>(request, "/semesters?status=active");
    const halqaId = records.find((record) => record.semester_id === active!.id)?.halqa_id;
    const [sheikh] = await allOf<{ id: string }>(request, `/sheikhs?halqa_id=${halqaId}`);
    // Minutes apart from the other project's and an earlier attempt's extra lessons (the same halqa may be shared).
    const minutes = (info.project.name === "tablet" ? 29 : 17) + info.retry * 5;
    for (const hoursAgo of [2, 1]) {
      const startsAt = new Date(Date.now() - hoursAgo * 3_600_000 - minutes * 60_000).toISOString();
      const created = await request.post("/api/v1/sessions", {
        headers: { ...key, "Idempotency-Key": `family-${info.project.name}-${hoursAgo}-${Date.now()}` },
        data: { halqa_id: halqaId, sheikh_id: sheikh!.id, topic: "extra lesson", starts_at: startsAt },
      });
      expect(created.status()).toBe(201);
      const session = ((await created.json()) as { data: { id: string } }).data;
      expect((await request.post(`/api/v1/sessions/${session.id}/end`, { headers: key })).status()).toBe(200);
    }

    await page.goto(`/family/children/${lineage}`);
    // Every attendance row reads differently: a day with two sessions gives each its time of day.
    const days = page
      .getByRole("table", { name: "Attendance in the last sessions of the halqa" })
      .getByRole("rowheader");
    await expect(days.first()).toBeVisible();
    // Other tests add sessions of their own at the same moment: only the rows with a time of day are
    // compared, and this test's two lessons, hours apart, must read apart.
    const timed = (await days.allInnerTexts()).filter((text) => /\d{1,2}:\d{2}/.test(text));
    expect(timed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(timed).size).toBeGreaterThanOrEqual(2);
    const assignments = page.getByRole("region", { name: "Assignments" });
    await expect(assignments.getByRole("heading", { level: 3, name: "Current work" })).toBeVisible();
    await expect(assignments.getByRole("heading", { level: 3, name: "Done" })).toBeVisible();
    await expect(assignments.getByText("Done", { exact: true })).toHaveCount(1);
    for (const staffWord of ["Published", "Completed", "In progress"])
      await expect(assignments.getByText(staffWord, { exact: true })).toHaveCount(0);
    const text = assignments.getByText(explanation);
    await expect(text).toHaveAttribute("lang", "en");
    await expect(text).toHaveAttribute("dir", "auto");
    await expect(
      assignments
        .getByRole("listitem")
        .filter({ hasText: explanation })
        .getByText(/^(Not started yet|Started)$/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
