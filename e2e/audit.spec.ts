import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import en from "../messages/en/admin.json" with { type: "json" };
import errors from "../messages/en/errors.json" with { type: "json" };
import { allOf, expectNoAxeViolations } from "./api";
import { DEMO, expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

const ALNOOR_KEY = { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };
const auditTable = (page: Page) => page.getByRole("table", { name: /^Audit log of / });
const filters = (page: Page) => page.getByRole("search", { name: en.audit.filters.label });

/** A refusal of the school, recorded by the dashboard: ending a session that has just ended elsewhere (409 `conflict`). */
async function endAnEndedSession(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
  project: string,
): Promise<void> {
  const sheikhs = await allOf<{ id: string; halqa_ids: string[] }>(request, "/sheikhs");
  const sheikh = sheikhs.find((s) => s.halqa_ids.length > 0)!;
  const created = await request.post("/api/v1/sessions", {
    headers: { ...ALNOOR_KEY, "Idempotency-Key": `audit-${project}-${Date.now()}` },
    data: { halqa_id: sheikh.halqa_ids[0], sheikh_id: sheikh.id, topic: `audit ${project}` },
  });
  expect(created.status()).toBe(201);
  const session = ((await created.json()) as { data: { id: string } }).data;
  await page.goto(`/sessions/${encodeURIComponent(session.id)}/end`);
  await page.getByLabel("Yes, end this session").check();
  expect(
    (await request.post(`/api/v1/sessions/${encodeURIComponent(session.id)}/end`, { headers: ALNOOR_KEY })).status(),
  ).toBe(200);
  await page.getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("This session has already ended. Reload to see its summary.")).toBeVisible();
}

test.describe("the audit log", () => {
  test("an admin filters it by action and outcome, reads names and reasons, and exports exactly what the filters show", async ({
    adminPage: page,
    request,
  }, info) => {
    test.slow();
    await endAnEndedSession(page, request, info.project.name);

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: en.audit.title })).toBeVisible();
    await filters(page)
      .getByRole("combobox", { name: en.audit.filters.action })
      .selectOption({ label: en.audit.actions.sessionEnd });
    await filters(page)
      .getByRole("combobox", { name: en.audit.filters.outcome })
      .selectOption({ label: en.audit.results.denied });
    await filters(page).getByRole("button", { name: en.audit.filters.apply }).click();
    await expect(page).toHaveURL(/action=session\.end/);
    await expect(page).toHaveURL(/outcome=denied/);

    const rows = auditTable(page).getByRole("row");
    await expect(rows.nth(1)).toBeVisible();
    const body = rows.filter({ has: page.getByRole("cell") });
    for (const text of await body.allInnerTexts()) {
      expect(text).toContain(en.audit.actions.sessionEnd);
      expect(text).toContain(en.audit.results.denied);
      expect(text).not.toContain("session.end");
    }
    // The newest: this test's refusal, by the person's name (a link), the record as a link, and the school's reason.
    const newest = body.first();
    await expect(newest.getByRole("link", { name: "Huda Al-Admin" })).toHaveAttribute("href", /^\/admin\/users\//);
    await expect(newest.getByRole("link", { name: en.audit.targets.session })).toHaveAttribute("href", /^\/sessions\//);
    await expect(newest.getByText(`Reason: ${errors.conflict}`)).toBeVisible();
    await expectNoAxeViolations(page);

    // The export: the same filters, UTF-8 with a BOM, only this school's entries.
    const href = await page.getByRole("link", { name: en.audit.export }).getAttribute("href");
    expect(href).toMatch(/^\/admin\/audit\/export\?/);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="audit-log-/);
    const csv = (await response.body()).toString("utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      Object.values(en.audit.csv)
        .map((label) => `"${label}"`)
        .join(","),
    );
    expect(lines.length - 1).toBeGreaterThanOrEqual(await body.count());
    for (const line of lines.slice(1)) {
      expect(line).toContain(`"${en.audit.actions.sessionEnd}","session.end","${en.audit.results.denied}"`);
      expect(line).not.toContain(DEMO.accounts.arqamAdmin);
    }

    // Its XLSX twin, beside it: the same filters, the same rows, text cells (a spreadsheet computes none).
    const xlsxHref = await page.getByRole("link", { name: en.audit.exportXlsx }).getAttribute("href");
    expect(xlsxHref).toBe(`${href}&format=xlsx`);
    const xlsx = await page.request.get(xlsxHref!);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()["content-disposition"]).toMatch(/^attachment; filename="audit-log-.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(lines.length);
    expect(sheet.getRow(1).values).toEqual([undefined, ...Object.values(en.audit.csv)]);
    expect(sheet.getRow(2).getCell(5).value).toBe("session.end");
  });

  test("Dar Al-Arqam's admin sees none of Al-Noor's entries, not even by naming Al-Noor's admin", async ({
    arqamAdminPage: page,
    adminPage,
  }) => {
    await adminPage.goto("/admin/audit");
    const person = await filters(adminPage)
      .getByRole("combobox", { name: en.audit.filters.person })
      .locator("option", { hasText: "Huda Al-Admin" })
      .getAttribute("value");
    expect(person).toBeTruthy();
    await page.goto(`/admin/audit?person=${person}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(DEMO.accounts.admin);
    const csv = await (await page.request.get(`/admin/audit/export?person=${person}`)).text();
    expect(csv).not.toContain(DEMO.accounts.admin);
  });

  test("a teacher sees none of it: the page and the export are not found", async ({ teacherPage: page }) => {
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(DEMO.accounts.admin);
    const response = await page.request.get("/admin/audit/export");
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain(DEMO.accounts.admin);
  });
});
