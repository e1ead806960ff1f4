import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

const WCAG = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** WCAG 2.2 AA: no axe violation on the page as it is now, once its title has come. */
export async function expectNoAxeViolations(page: Page) {
  // After a client-side navigation the new title may still be on its way (streamed metadata).
  await expect(page).toHaveTitle(/\S/);
  await expectNoAxeViolationsIn(page);
}

/** WCAG 2.2 AA: no axe violation in `scope` (a CSS selector; the whole page when left out), right now. */
export async function expectNoAxeViolationsIn(page: Page, scope?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Every record of a list of the school's API (an observer independent of the dashboard), with a demo key. */
export async function allOf<T>(
  request: APIRequestContext,
  path: string,
  key: string = DEMO_KEYS.alnoorAdmin,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const url = `/api/v1${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await sentAgainOnReset(() => request.get(url, { headers: { authorization: `Bearer ${key}` } }));
    expect(response.status(), path).toBe(200);
    const body = (await response.json()) as { data: T[]; pagination: { next_cursor: string | null } };
    items.push(...body.data);
    cursor = body.pagination.next_cursor;
  } while (cursor);
  return items;
}

/** One of the school's own operations (the embedded school's admin RPC), as the demo school's staff would. */
export async function schoolAdmin(request: APIRequestContext, op: string, args: Record<string, unknown>) {
  const response = await postSchoolAdmin(request, { op, ...args });
  expect(response.status(), op).toBe(200);
  return response;
}

/**
 * A kept-alive connection the server closes (after 5 s idle) just as the request context reuses it
 * resets the request before the server reads it (ECONNRESET). A browser sends such a request again
 * on a new connection, and so does this, once.
 */
export async function sentAgainOnReset<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!String(error).includes("ECONNRESET")) throw error;
    return send();
  }
}

/** A POST to the school's admin RPC (sent again on a reset connection). */
export const postSchoolAdmin = (request: APIRequestContext, data: Record<string, unknown>) =>
  sentAgainOnReset(() =>
    request.post("/api/school-admin", { headers: { Authorization: `Bearer ${process.env.SCHOOL_ADMIN_TOKEN}` }, data }),
  );

/** Every page of a paged list: `collect` runs on each, following the "Next page" link of the list's "Pages" navigation. */
export async function everyPage<T>(page: Page, collect: () => Promise<T[]>, maxPages = 20): Promise<T[]> {
  const all: T[] = [];
  for (let n = 0; n < maxPages; n++) {
    all.push(...(await collect()));
    const next = page.getByRole("navigation", { name: "Pages" }).first().getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) return all;
    const before = page.url();
    await next.click();
    await expect(page).not.toHaveURL(before);
  }
  return all;
}
