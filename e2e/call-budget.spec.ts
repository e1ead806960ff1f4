import { readdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { routeOfPageFile, V1_CALL_BUDGETS, type PageRoute } from "../lib/call-budgets";
import { postSchoolAdmin } from "./api";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

const ALNOOR_ADMIN_KEY = DEMO_KEYS.alnoorAdmin;

/**
 * Every page has a v1 call budget in lib/call-budgets.ts, by route. This spec loads each page twice
 * (the second time with the per-tenant reference caches warm), asks the embedded API how many v1
 * calls that page request made (counted by the request id proxy.ts assigns), and fails when a page
 * makes more calls than its budget, or when a page has no budget.
 */
function budgetOf(route: string): number {
  const budget = (V1_CALL_BUDGETS as Record<string, number>)[route];
  if (budget === undefined) throw new Error(`${route} has no v1 call budget in lib/call-budgets.ts`);
  return budget;
}

/** Every page.tsx under app/, as `app/…/page.tsx`. */
const pageFiles = () =>
  readdirSync(new URL("../app", import.meta.url), { recursive: true, encoding: "utf8" })
    .map((file) => `app/${file.replaceAll("\\", "/")}`)
    .filter((file) => file.endsWith("/page.tsx"));

const api = (request: APIRequestContext, path: string) =>
  request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${ALNOOR_ADMIN_KEY}` } }).then(async (r) => {
    expect(r.status(), path).toBe(200);
    return (await r.json()) as { data: Array<Record<string, unknown>> };
  });

/**
 * The calls of one warm page load. Measured twice, keeping the smaller: a per-tenant reference cache
 * (semesters, one minute) may expire between the warming load and a measured one, but not before
 * both; a page that really calls more does so every time.
 */
async function callsOfPage(page: Page, request: APIRequestContext, path: string): Promise<string[]> {
  await page.goto(path);
  const [first, second] = [await measuredCalls(page, request, path), await measuredCalls(page, request, path)];
  return first.length <= second.length ? first : second;
}

async function measuredCalls(page: Page, request: APIRequestContext, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const requestId = response?.headers()["x-request-id"];
  expect(requestId, "proxy.ts sets x-request-id").toBeTruthy();
  const traced = await postSchoolAdmin(request, { op: "trace-calls", requestId });
  expect(traced.status()).toBe(200);
  return ((await traced.json()) as { data: { operations: string[] } }).data.operations;
}

test.describe("v1 calls per page stay within each page's documented budget", () => {
  test("every page has a budget, and every budget a page", ({}, info) => {
    test.skip(info.project.name !== "desktop", "checked once, on desktop");
    const routes = pageFiles().map(routeOfPageFile);
    for (const route of routes) expect(() => budgetOf(route), `${route}`).not.toThrow();
    expect(Object.keys(V1_CALL_BUDGETS).toSorted()).toEqual(routes.toSorted());
  });

  test("staff pages, as the admin", async ({ adminPage, request }, info) => {
    test.skip(info.project.name !== "desktop", "counted once, on desktop");
    test.slow();
    const semesters = await api(request, "/semesters?status=active");
    const semesterId = String(semesters.data[0]?.id);
    const halqas = await api(request, `/halqas?semester_id=${semesterId}&active=true`);
    const halqaId = String(halqas.data[0]?.id);
    const students = await api(request, `/students?halqa_id=${halqaId}&limit=1`);
    const sessions = await api(request, `/sessions?halqa_id=${halqaId}&limit=1`);
    const plans = await api(request, "/learning-plans?limit=1");
    const pages: [string, PageRoute][] = [
      ["/today", "/today"],
      ["/halqas", "/halqas"],
      [`/halqas/${halqaId}`, "/halqas/[id]"],
      ["/students", "/students"],
      ["/students/import", "/students/import"],
      [`/students/${String(students.data[0]?.id)}`, "/students/[id]"],
      ["/sessions", "/sessions"],
      [`/sessions/${String(sessions.data[0]?.id)}`, "/sessions/[id]"],
      ["/admin", "/admin"],
      ["/admin/users", "/admin/users"],
      ["/admin/audit", "/admin/audit"],
      ["/admin/excuses", "/admin/excuses"],
      ["/admin/connection", "/admin/connection"],
      ["/admin/settings", "/admin/settings"],
      ["/admin/timetable", "/admin/timetable"],
      ["/plans", "/plans"],
      ["/plans?replaced=30&sort=changed", "/plans"],
      ["/plans/changes", "/plans/changes"],
      [`/plans/${String(plans.data[0]?.id)}`, "/plans/[id]"],
      [`/students/${String(students.data[0]?.id)}/report`, "/students/[id]/report"],
      [`/halqas/${halqaId}/report?period=term`, "/halqas/[id]/report"],
    ];
    for (const [path, route] of pages) {
      const calls = await callsOfPage(adminPage, request, path);
      expect(
        calls.length,
        `${path} made ${calls.length} v1 calls (${calls.join(", ")}); the budget of ${route} is ${budgetOf(route)}`,
      ).toBeLessThanOrEqual(budgetOf(route));
    }
  });

  test("family pages, as a parent", async ({ parentPage, request }, info) => {
    test.skip(info.project.name !== "desktop", "counted once, on desktop");
    await parentPage.goto("/family");
    const child = await parentPage
      .getByRole("navigation", { name: "Your children" })
      .getByRole("link")
      .first()
      .getAttribute("href");
    for (const [path, route] of [
      ["/family", "/family"],
      [String(child), "/family/children/[lineageId]"],
    ] as const) {
      const calls = await callsOfPage(parentPage, request, path);
      expect(
        calls.length,
        `${path} made ${calls.length} v1 calls (${calls.join(", ")}); the budget of ${route} is ${budgetOf(route)}`,
      ).toBeLessThanOrEqual(budgetOf(route));
    }
  });
});
