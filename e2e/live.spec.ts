import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const WCAG = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];
const API_KEY = "demo_alnoor_admin";
const TEACHER_HALQAS = ["Abu Bakr As-Siddiq Circle", "Umar ibn Al-Khattab Circle"];

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Starts a fresh session of the teacher's halqa through /today and opens its live register; answers the session id. */
async function openFreshRegister(page: Page, halqa: string, topic: string): Promise<string> {
  await page.goto("/today");
  const start = page.getByRole("region", { name: "Start a session" });
  await start.getByLabel("Halqa", { exact: true }).selectOption({ label: halqa });
  await start.getByLabel("Topic (optional)", { exact: true }).fill(topic);
  await start.getByRole("button", { name: "Start session" }).click();
  await expect(page).toHaveURL(/\/sessions\/[^/?]+\?started=1$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
  await page.getByRole("link", { name: "Mark attendance" }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${encodeURIComponent(id)}/live$`));
  await expect(page.getByRole("heading", { level: 1, name: `Register: ${halqa}` })).toBeVisible();
  return id;
}

const roster = (page: Page) => page.getByRole("list", { name: "Students" });
/** The big per-row button: "<name>: <status>. Tap to change". */
const rowButtons = (page: Page) => roster(page).getByRole("button", { name: /\. Tap to change$/ });
const unmarkedButtons = (page: Page) => roster(page).getByRole("button", { name: /: Not marked\. Tap to change$/ });
const counts = (page: Page) => page.getByRole("region", { name: "Counts" });

async function studentNames(page: Page): Promise<string[]> {
  await expect(rowButtons(page).first()).toBeVisible();
  const labels = await rowButtons(page).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
  return labels.map((label) => label.replace(/: [^:]+\. Tap to change$/, ""));
}

const rowOf = (page: Page, name: string): Locator => roster(page).getByRole("button", { name: new RegExp(`^${escape(name)}: .+\\. Tap to change$`) });
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function tap(page: Page, target: Locator, isMobile: boolean) {
  if (isMobile) await target.tap();
  else await target.click();
}

async function serverMarks(request: APIRequestContext, sessionId: string): Promise<Map<string, string>> {
  const response = await request.get(`/api/v1/sessions/${encodeURIComponent(sessionId)}/attendance?limit=100`, {
    headers: { Authorization: `Bearer ${API_KEY}` },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { student_id: string; status: string }[] };
  return new Map(body.data.map((row) => [row.student_id, row.status]));
}

test.describe("live register", () => {
  test("a teacher taps every student present, sees counts and saved marks, and they survive a reload", async ({ teacherPage: page }, info) => {
    const touch = info.project.name === "tablet";
    await openFreshRegister(page, TEACHER_HALQAS[0]!, `live e2e ${info.project.name} ${Date.now()}`);
    const names = await studentNames(page);
    expect(names.length).toBeGreaterThan(0);
    await expect(counts(page)).toContainText(`Not marked yet: ${names.length}`);
    await expectNoAxeViolations(page);

    for (const name of names) await tap(page, rowOf(page, name), touch);
    await expect(unmarkedButtons(page)).toHaveCount(0);
    await expect(counts(page)).toContainText("Everyone is marked");
    await expect(counts(page).getByText(/^Present: /)).toHaveText(`Present: ${names.length}`);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
    await expect(roster(page).getByText("Saved", { exact: true })).toHaveCount(names.length);

    // One more tap cycles to absent; the explicit button sets late.
    await tap(page, rowOf(page, names[0]!), touch);
    await expect(rowOf(page, names[0]!)).toHaveAccessibleName(`${names[0]}: Absent. Tap to change`);
    await tap(page, roster(page).getByRole("button", { name: `Set ${names.at(-1)} to Late` }), touch);
    await expect(rowOf(page, names.at(-1)!)).toHaveAccessibleName(`${names.at(-1)}: Late. Tap to change`);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });

    await page.reload();
    await expect(rowOf(page, names[0]!)).toHaveAccessibleName(`${names[0]}: Absent. Tap to change`);
    await expect(rowOf(page, names.at(-1)!)).toHaveAccessibleName(`${names.at(-1)}: Late. Tap to change`);
    await expect(unmarkedButtons(page)).toHaveCount(0);
  });

  test("keyboard: arrows move between students and P/A/L/E set the status", async ({ teacherPage: page }, info) => {
    test.skip(info.project.name === "tablet", "keyboard is for desktop");
    await openFreshRegister(page, TEACHER_HALQAS[1]!, `live keys ${Date.now()}`);
    const names = await studentNames(page);
    test.skip(names.length < 2, "needs two students");
    await rowOf(page, names[0]!).focus();
    await page.keyboard.press("a");
    await expect(rowOf(page, names[0]!)).toHaveAccessibleName(`${names[0]}: Absent. Tap to change`);
    await page.keyboard.press("ArrowDown");
    await expect(rowOf(page, names[1]!)).toBeFocused();
    await page.keyboard.press("e");
    await expect(rowOf(page, names[1]!)).toHaveAccessibleName(`${names[1]}: Excused. Tap to change`);
  });

  test("marks made offline wait, then reach the server when the network returns", async ({ teacherPage: page, request }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(page, TEACHER_HALQAS[0]!, `live offline ${info.project.name} ${Date.now()}`);
    const names = await studentNames(page);
    const half = Math.ceil(names.length / 2);
    for (const name of names.slice(0, half)) await tap(page, rowOf(page, name), touch);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });

    await page.context().setOffline(true);
    const rest = names.slice(half);
    for (const name of rest) await tap(page, rowOf(page, name), touch);
    if (rest.length > 0) await expect(page.getByText(`${rest.length} changes waiting`)).toBeVisible();
    await expect(page.getByText(/You are offline/)).toBeVisible();

    await page.context().setOffline(false);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const marks = await serverMarks(request, sessionId);
        return [...marks.values()].filter((status) => status === "present").length;
      })
      .toBe(names.length);
  });

  test("two devices on one session see each other's marks", async ({ teacherPage: teacher, adminPage: admin }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(teacher, TEACHER_HALQAS[1]!, `live two ${info.project.name} ${Date.now()}`);
    await admin.goto(`/sessions/${encodeURIComponent(sessionId)}/live`);
    const names = await studentNames(teacher);
    test.skip(names.length < 2, "needs two students");

    await tap(teacher, rowOf(teacher, names[0]!), touch);
    await expect(rowOf(admin, names[0]!)).toHaveAccessibleName(`${names[0]}: Present. Tap to change`, { timeout: 6_000 });

    await tap(admin, admin.getByRole("button", { name: `Set ${names[1]} to Excused` }), touch);
    await expect(rowOf(teacher, names[1]!)).toHaveAccessibleName(`${names[1]}: Excused. Tap to change`, { timeout: 6_000 });
    await expectNoAxeViolations(admin);
  });
});
