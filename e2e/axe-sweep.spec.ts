import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { allOf, WCAG } from "./api";
import { expect, signedInContext, test, type DemoRole } from "./fixtures";
import { linkDemoSheikh, linkFirstPlannedChild, submitNewUser } from "./users";

/**
 * Every page of every role, in English and in Arabic, checked by axe (WCAG 2.2 AA and axe's best
 * practices, `landmark-unique` among them) as it opens and again scrolled to its middle. The
 * violations of every page are gathered and reported together, so one run lists them all.
 */
const TAGS = [...WCAG, "best-practice"];
const PASSWORD = "a long initial password";

type Id = { id: string };
type Student = Id & { lineage_id: string; full_name: string; halqa_id: string };

async function violationsOf(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const found: string[] = [];
  for (const where of ["top", "middle"] as const) {
    if (where === "middle")
      await page.evaluate(() =>
        window.scrollTo(0, Math.max(0, (document.documentElement.scrollHeight - window.innerHeight) / 2)),
      );
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations)
      found.push(`${path} (${where}) ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  return found;
}

async function pagesOf(request: APIRequestContext, role: DemoRole | "arqamAdmin"): Promise<string[]> {
  if (role === "parent") return ["/family"];
  if (role === "arqamAdmin")
    return ["/today", "/halqas", "/students", "/sessions", "/plans", "/plans/changes", "/admin/users", "/admin/audit"];
  const sheikhs = await allOf<Id & { name: string; halqa_ids: string[] }>(request, "/sheikhs");
  const taught = new Set(sheikhs.filter((s) => s.name === DEMO_TEACHER_SHEIKH_NAME).flatMap((s) => s.halqa_ids));
  const halqa = [...taught][0]!;
  const student = (await allOf<Student>(request, `/students?halqa_id=${halqa}`))[0]!;
  const sessions = await allOf<Id & { status: string }>(request, `/sessions?halqa_id=${halqa}`);
  const ended = sessions.find((s) => s.status === "ended")!;
  const open = sessions.find((s) => s.status === "open");
  const plan = (await allOf<Id & { student_id: string }>(request, `/learning-plans?student_id=${student.id}`))[0];
  const common = [
    "/today",
    "/halqas",
    `/halqas/${halqa}`,
    `/halqas/${halqa}/report`,
    "/students",
    `/students/${student.id}`,
    `/students/${student.id}/report`,
    "/sessions",
    "/sessions/new",
    `/sessions/${ended.id}`,
    "/plans",
  ];
  if (plan) common.push(`/plans/${plan.id}`);
  // Today's register and its end page, where the demo has a session open.
  if (open) common.push(`/sessions/${open.id}/live`, `/sessions/${open.id}/end`);
  if (role === "teacher") return common;
  const users = [
    "/admin/users",
    "/admin/users/new",
    "/admin/connection",
    "/admin/settings",
    "/admin/audit",
    "/admin/messages",
    "/admin/excuses",
    "/plans/changes",
    "/students/new",
  ];
  return [...common, ...users];
}

/** The child pages a parent's family home links to (taken from the page, never built). */
async function childPages(page: Page): Promise<string[]> {
  await page.goto("/family");
  const links = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  return [...new Set(links.filter((path) => path.startsWith("/family/children/")))];
}

/** One person's page, taken from the users list (never built). */
async function userPage(page: Page): Promise<string[]> {
  await page.goto("/admin/users");
  const links = await page
    .getByRole("main")
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  return links.filter((path) => /^\/admin\/users\/[^/]+$/.test(path) && path !== "/admin/users/new").slice(0, 1);
}

async function sweep(page: Page, request: APIRequestContext, role: DemoRole | "arqamAdmin"): Promise<string[]> {
  const paths = await pagesOf(request, role);
  if (role === "parent") paths.push(...(await childPages(page)));
  if (role === "admin") paths.push(...(await userPage(page)));
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsOf(page, path)));
  return found;
}

async function arabicPerson(
  admin: Page,
  browser: Browser,
  request: APIRequestContext,
  role: "Administrator" | "Teacher" | "Parent",
  project: string,
) {
  const email = `axe-${role.toLowerCase()}-${project}-${Date.now().toString(36)}@example.org`;
  await admin.goto("/admin/users/new");
  const name = `فاحص ${role} ${project}`;
  await submitNewUser(admin, { name, email, role, language: { label: "Arabic" }, password: PASSWORD });
  await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
  if (role === "Teacher") await linkDemoSheikh(admin);
  if (role === "Parent") await linkFirstPlannedChild(admin, request);
  const signed = await signedInContext(browser, email, PASSWORD);
  await expect(signed.page.locator("html")).toHaveAttribute("lang", "ar");
  return signed;
}

test.describe("axe over every page of every role, in both languages, at the top and mid-scroll", () => {
  // One test per role and language: each reports every violation of its pages at once.
  test.describe.configure({ timeout: 600_000 });

  test("in English, as the admin", async ({ adminPage, request }) =>
    expect(await sweep(adminPage, request, "admin")).toEqual([]));
  test("in English, as the teacher", async ({ teacherPage, request }) =>
    expect(await sweep(teacherPage, request, "teacher")).toEqual([]));
  test("in English, as the parent", async ({ parentPage, request }) =>
    expect(await sweep(parentPage, request, "parent")).toEqual([]));
  test("in English, as Dar Al-Arqam's admin", async ({ arqamAdminPage, request }) =>
    expect(await sweep(arqamAdminPage, request, "arqamAdmin")).toEqual([]));

  for (const [role, as] of [
    ["Administrator", "admin"],
    ["Teacher", "teacher"],
    ["Parent", "parent"],
  ] as const) {
    test(`in Arabic, as a ${as}`, async ({ adminPage, browser, request }, testInfo) => {
      const person = await arabicPerson(adminPage, browser, request, role, testInfo.project.name);
      try {
        expect(await sweep(person.page, request, as)).toEqual([]);
      } finally {
        await person.close();
      }
    });
  }
});
