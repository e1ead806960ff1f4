import type { APIRequestContext } from "@playwright/test";
import { allOf, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";
import { chooseLanguage } from "./languages";
import { DEMO_KEYS } from "../school-api/seed-facts";

type Student = { id: string; semester_id: string; halqa_id: string; full_name: string };
type Halqa = { id: string; name: string; semester_id: string };
type Session = { id: string; halqa_id: string; date: string };

async function activeSemester(request: APIRequestContext, key: string = DEMO_KEYS.alnoorAdmin) {
  const [active] = (await allOf<{ id: string; status: string }>(request, "/semesters", key)).filter(
    (s) => s.status === "active",
  );
  return active!.id;
}

/** The demo teacher's halqas (the sheikh the README links them to) and the others of the semester. */
async function teacherHalqas(request: APIRequestContext) {
  const semester = await activeSemester(request);
  const halqas = (await allOf<Halqa>(request, `/halqas?semester_id=${semester}`)).filter(
    (h) => h.semester_id === semester,
  );
  const sheikhs = await allOf<{ name: string; halqa_ids: string[] }>(request, "/sheikhs");
  const taught = new Set(sheikhs.find((s) => s.name === "Abdullah Al-Harbi")!.halqa_ids);
  return { semester, mine: halqas.filter((h) => taught.has(h.id)), others: halqas.filter((h) => !taught.has(h.id)) };
}

test.describe("printable reports", () => {
  test("a student's report: period picker, Hijri beside Gregorian, the map, a print button, and bad dates explained", async ({
    adminPage: page,
    request,
  }) => {
    const semester = await activeSemester(request);
    const [student] = (await allOf<Student>(request, `/students?semester_id=${semester}`)).filter(
      (s) => s.semester_id === semester,
    );
    await page.goto(`/students/${student!.id}`);
    await page.getByRole("link", { name: "Printable report" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Progress report: ${student!.full_name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Quran map: 30 juz of 8 hizb quarters each" }).getByRole("link"),
    ).toHaveCount(240);
    // Gregorian and Umm al-Qura dates side by side ("1 Nov 2026 · 10 Jum. I 1448 AH").
    await expect(page.getByText(/^\d{1,2} \w{3,4} \d{4} · .+ AH to \d{1,2} \w{3,4} \d{4} · .+ AH$/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Last month" }).click();
    await expect(page).toHaveURL(/period=last-month/);
    await expect(page.getByRole("link", { name: "Last month" })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("From").fill("2026-10-20");
    await page.getByLabel("To").fill("2026-10-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("status")).toContainText("so this month is shown");
  });

  test("a halqa's report lists its students and the period's sessions; a teacher gets only their own halqas' reports", async ({
    teacherPage: page,
    request,
  }) => {
    const { mine, others } = await teacherHalqas(request);
    const halqa = mine[0]!;
    const roster = (await allOf<Student>(request, `/students?halqa_id=${halqa.id}`)).filter(
      (s) => s.halqa_id === halqa.id,
    );
    // Last month: sessions other tests start today reach the read model only at its next sync.
    await page.goto(`/halqas/${halqa.id}/report?period=last-month`);
    await expect(page.getByRole("heading", { level: 1, name: `Halqa report: ${halqa.name}` })).toBeVisible();
    const table = page.getByRole("table", { name: "Each student's figures for the period" });
    await expect(table.getByRole("row")).toHaveCount(roster.length + 1);
    for (const student of roster)
      await expect(table.getByRole("rowheader", { name: student.full_name, exact: true })).toBeVisible();
    const from = await page.getByLabel("From").inputValue();
    const to = await page.getByLabel("To").inputValue();
    const sessions = (await allOf<Session>(request, `/sessions?halqa_id=${halqa.id}`)).filter(
      (s) => s.halqa_id === halqa.id && s.date >= from && s.date <= to,
    );
    await expect(page.getByText(new RegExp(`^${sessions.length} sessions? in the period$`))).toBeVisible();
    await expectNoAxeViolations(page);

    const response = await page.goto(`/halqas/${others[0]!.id}/report`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: /Halqa report/ })).toHaveCount(0);
    const stranger = (await allOf<Student>(request, `/students?halqa_id=${others[0]!.id}`)).find(
      (s) => s.halqa_id === others[0]!.id,
    )!;
    expect((await page.goto(`/students/${stranger.id}/report`))?.status()).toBe(404);
  });

  test("in Arabic the map and the report read right to left", async ({ arqamAdminPage: page, request }, info) => {
    test.skip(info.project.name !== "desktop", "changes a shared account's stored language");
    const semester = await activeSemester(request, DEMO_KEYS.arqamAdmin);
    const [student] = (await allOf<Student>(request, `/students?semester_id=${semester}`, DEMO_KEYS.arqamAdmin)).filter(
      (s) => s.semester_id === semester,
    );
    await page.goto(`/students/${student!.id}`);
    try {
      await chooseLanguage(page, "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const map = page.getByRole("group", { name: "خريطة القرآن: 30 جزءًا في كل منها 8 أرباع" });
      await expect(map.getByRole("link")).toHaveCount(240);
      // The first quarter of a juz sits on the right.
      const [first, second] = [
        await map.getByRole("link").nth(0).boundingBox(),
        await map.getByRole("link").nth(1).boundingBox(),
      ];
      expect(first!.x).toBeGreaterThan(second!.x);
      await expectNoAxeViolations(page);
      await page.goto(`/students/${student!.id}/report`);
      await expect(page.getByRole("button", { name: "اطبع أو احفظ PDF" })).toBeVisible();
      await expect(page.getByText(/هـ/).first()).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      await chooseLanguage(page, "en");
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    }
  });
});
