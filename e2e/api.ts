import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Halqa, Session, Sheikh } from "../lib/contract";
import { dateIn } from "../lib/dates";
import { expect } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/** WCAG 2.2 A and AA, every level's tag (2.1 A holds "label in name", `label-content-name-mismatch`). */
export const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

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

const KEY = { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };

/** One call of the demo school's API with its admin key: the record it answers with (any status from 300 fails). */
export async function v1<T>(
  request: APIRequestContext,
  method: "get" | "post" | "put",
  path: string,
  data?: unknown,
): Promise<T> {
  // A create carries an Idempotency-Key (the school's API takes one on every create) and a PUT replaces
  // what it names, so a request reset on a kept-alive connection is sent again, once, whatever its
  // method, as a browser or the school's own application would: the second one cannot write twice.
  const headers = method === "post" ? { ...KEY, "Idempotency-Key": randomUUID() } : KEY;
  const response = await sentAgainOnReset(() =>
    request[method](`/api/v1${path}`, { headers, ...(data ? { data } : {}) }),
  );
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The id of an open session of today (the school's day) in the named halqa led by the named sheikh: the
 * demo's own when its data was made today, else one started now through the school's API. The demo opens
 * its sessions on the day it makes its data, so a run that crosses the school's midnight (Asia/Riyadh:
 * 21:00 UTC) after the servers started would otherwise find none (a CI run did, at 21:0x UTC).
 */
export async function sessionToday(request: APIRequestContext, halqaName: string, sheikhName: string): Promise<string> {
  // Every page, checked by the records' own fields: a real school's API may ignore our filter names.
  const [school, halqas, sheikhs, open] = await Promise.all([
    v1<{ time_zone: string }>(request, "get", "/school"),
    allOf<Halqa>(request, "/halqas"),
    allOf<Sheikh>(request, "/sheikhs"),
    allOf<Session>(request, "/sessions?status=open"),
  ]);
  const today = dateIn(school.time_zone, new Date());
  const sheikh = sheikhs.find((s) => s.name === sheikhName)!;
  // Halqas are of a semester: the one of that name the sheikh may lead now.
  const halqa = halqas.find((h) => h.name === halqaName && sheikh.halqa_ids.includes(h.id))!;
  const mine = open.find(
    (s) => s.status === "open" && s.date === today && s.halqa_id === halqa.id && s.sheikh_id === sheikh.id,
  );
  if (mine) return mine.id;
  const started = await v1<{ id: string }>(request, "post", "/sessions", {
    halqa_id: halqa.id,
    sheikh_id: sheikh.id,
    starts_at: new Date(Date.now() - 60_000).toISOString(),
  });
  return started.id;
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
