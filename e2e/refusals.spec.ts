import type { APIRequestContext } from "@playwright/test";
import { allOf } from "./api";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/**
 * Every refusal is explained where the person is: a missing record is a real 404 page, a student
 * who became ineligible mid-lesson is named on the register, and a school that refuses changes turns
 * the register read-only with the unsent work kept and downloadable. (issue "Right in the users' world")
 */
const ADMIN_KEY = { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };

async function openSession(request: APIRequestContext, tag: string): Promise<{ id: string; halqaId: string }> {
  const sheikhs = await allOf<{ id: string; halqa_ids: string[] }>(request, "/sheikhs");
  const sheikh = sheikhs.filter((s) => s.halqa_ids.length > 0).at(-1)!;
  const created = await request.post("/api/v1/sessions", {
    headers: { ...ADMIN_KEY, "Idempotency-Key": `refusals-${tag}-${Date.now()}` },
    data: { halqa_id: sheikh.halqa_ids[0], sheikh_id: sheikh.id, topic: `refusals ${tag}` },
  });
  expect(created.status()).toBe(201);
  const session = ((await created.json()) as { data: { id: string; halqa_id: string } }).data;
  return { id: session.id, halqaId: session.halqa_id };
}

test.describe("refusals", () => {
  test("a record that does not exist, or is not the teacher's, answers a real 404 with the not-found page", async ({
    adminPage,
    teacherPage,
    request,
  }) => {
    for (const path of [
      "/halqas/hlq_missing",
      "/students/stu_missing",
      "/sessions/ses_missing",
      "/sessions/ses_missing/live",
      "/plans/pln_missing",
    ]) {
      const response = await adminPage.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(adminPage.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // Another teacher's halqa exists, but not for this teacher: the same 404.
    const sheikhs = await allOf<{ name: string; halqa_ids: string[] }>(request, "/sheikhs");
    const mine = new Set(sheikhs.find((s) => s.name === "Abdullah Al-Harbi")!.halqa_ids);
    const other = sheikhs.flatMap((s) => s.halqa_ids).find((id) => !mine.has(id))!;
    expect((await teacherPage.goto(`/halqas/${encodeURIComponent(other)}`))?.status()).toBe(404);
    // Admin pages do not exist for a teacher.
    expect((await teacherPage.goto("/admin/users"))?.status()).toBe(404);
  });

  test("a student who became ineligible during the lesson: the register names them as not saved", async ({
    adminPage: page,
    request,
  }, info) => {
    const session = await openSession(request, `ineligible-${info.project.name}`);
    const created = await request.post("/api/v1/students", {
      headers: { ...ADMIN_KEY, "Idempotency-Key": `refusals-student-${info.project.name}-${Date.now()}` },
      data: { halqa_id: session.halqaId, full_name: `Zayd Leaving ${info.project.name}`, status: "active" },
    });
    expect(created.status()).toBe(201);
    const student = ((await created.json()) as { data: { id: string; full_name: string } }).data;

    await page.goto(`/sessions/${encodeURIComponent(session.id)}/live`);
    const row = page
      .getByRole("list", { name: "Students" })
      .getByRole("button", { name: `Set ${student.full_name} to Present`, exact: true });
    await expect(row).toBeVisible();
    await page.context().setOffline(true);
    await row.click();
    // Withdrawn by the office while this tablet was offline.
    const patched = await request.patch(`/api/v1/students/${encodeURIComponent(student.id)}`, {
      headers: ADMIN_KEY,
      data: { status: "withdrawn" },
    });
    expect(patched.status()).toBe(200);
    await page.context().setOffline(false);
    // Whether or not a poll has shown them withdrawn by then, the row says the mark was not saved and why.
    await expect(
      page.getByText(/Not saved: this student is not eligible for this session \(not active in its halqa\)\.$/).first(),
    ).toBeVisible({ timeout: 15_000 });
    const saved = await allOf<{ student_id: string }>(
      request,
      `/sessions/${encodeURIComponent(session.id)}/attendance`,
    );
    expect(saved.map((r) => r.student_id)).not.toContain(student.id);
  });
});
