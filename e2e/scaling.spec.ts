import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { AttendanceRow, Halqa, Session, Sheikh, Student } from "../lib/contract";
import { byDisplayName, rowNames } from "../lib/features/students/display-names";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { instancesUnavailable, startInstances, type Instances } from "../scripts/instances";
import { DEMO, expect, signIn, test } from "./fixtures";
import { createParent, endInDashboard, pickHalqa, SmtpSink, takeRegister } from "./notices-fixtures";

/**
 * Two `next start` instances on one PostgreSQL behind HAProxy (scripts/instances.ts starts and
 * stops them; README "How it scales"). Pinning: a tablet talks to one instance by that instance's
 * own port, so "two tablets on different instances" is certain rather than up to the balancer;
 * cookies belong to a host, not a port, so one browser context signed in anywhere is signed in on
 * both. Everything else goes through the balancer (round robin): sign-in, the observer's reads of
 * the school's API.
 */
test.describe.configure({ mode: "serial" });

const ADMIN_KEY = DEMO_KEYS.alnoorAdmin;
let cluster: Instances;
const contexts: BrowserContext[] = [];
// Both instances hand their messages to one mail server, as a school's would.
const smtp = new SmtpSink();

test.beforeAll(async () => {
  const unavailable = instancesUnavailable();
  // CI installs PostgreSQL and HAProxy (.ci/run); elsewhere the leg says why it did not run.
  if (unavailable && !process.env.CI) test.skip(true, unavailable);
  test.setTimeout(300_000);
  await smtp.start();
  cluster = await startInstances({
    logPrefix: "e2e-scaling",
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "no-reply@alnoor.test",
      DASHBOARD_URL: "https://dashboard.alnoor.test",
    },
  });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await cluster?.stop();
  await smtp.stop();
});

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${cluster.balancer}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${ADMIN_KEY}`,
      Accept: "application/json",
      ...(init.body ? { "Content-Type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  expect(response.ok, `${path}: ${text.slice(0, 300)}`).toBe(true);
  return (JSON.parse(text) as { data: T }).data;
}

async function schoolAdmin(op: string, args: Record<string, unknown>) {
  const response = await fetch(`${cluster.balancer}/api/school-admin`, {
    method: "POST",
    headers: { Authorization: `Bearer ${cluster.adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ op, ...args }),
  });
  expect(response.status, op).toBe(200);
}

/** A browser context whose pages go to `origin`, signed in there (or holding `storageState`). */
async function browserAt(browser: Browser, origin: string, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  contexts.push(context);
  const page = await context.newPage();
  if (email) {
    await page.goto("/login");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/(today|admin|family)/, { timeout: 60_000 });
  }
  return page;
}

const roster = (page: Page) => page.getByRole("list", { name: "Students" });
const statusButton = (page: Page, name: string, status: string) =>
  roster(page).getByRole("button", { name: `Set ${name} to ${status}`, exact: true });

async function attendance(sessionId: string): Promise<Map<string, string>> {
  const rows = await api<AttendanceRow[]>(`/sessions/${sessionId}/attendance?limit=100`);
  return new Map(rows.map((row) => [row.student_id, row.status]));
}

test("two tablets on different instances mark one register: no mark lost, none reordered", async ({ browser }) => {
  test.setTimeout(240_000);
  const [a, b] = cluster.instances;
  const sheikh = (await api<Sheikh[]>("/sheikhs?limit=100")).find((s) => s.name === DEMO_TEACHER_SHEIKH_NAME)!;
  const halqa = await api<Halqa>(`/halqas/${sheikh.halqa_ids[0]}`);
  const session = await api<Session>("/sessions", {
    method: "POST",
    body: { halqa_id: halqa.id, sheikh_id: sheikh.id, topic: "two tablets" },
  });
  const students = byDisplayName(await api<Student[]>(`/students?halqa_id=${halqa.id}&status=active&limit=100`)).slice(
    0,
    6,
  );
  const names = rowNames(students);
  const nameOf = (student: Student) => names.get(student.id)!;

  const tabletA = await browserAt(browser, a!.origin, DEMO.accounts.teacher);
  const tabletB = await browserAt(browser, b!.origin, DEMO.accounts.teacher);
  for (const tablet of [tabletA, tabletB]) {
    await tablet.goto(`/sessions/${session.id}/live`);
    await expect(statusButton(tablet, nameOf(students[0]!), "Present")).toBeVisible();
  }

  // At once, on different students: every mark arrives.
  const expected = new Map<string, string>();
  const sweep = async (tablet: Page, picked: Student[], status: string) => {
    for (const student of picked) {
      await statusButton(tablet, nameOf(student), status).click();
      expected.set(student.id, status.toLowerCase());
    }
  };
  await Promise.all([
    sweep(
      tabletA,
      students.filter((_, i) => i % 2 === 0),
      "Present",
    ),
    sweep(
      tabletB,
      students.filter((_, i) => i % 2 === 1),
      "Absent",
    ),
  ]);
  await expect
    .poll(async () => Object.fromEntries(await attendance(session.id)), { timeout: 30_000 })
    .toEqual(Object.fromEntries(expected));

  // Then on the same students, one tablet after the other: the last mark wins wherever it was made.
  const turns: [Page, Student, string][] = [
    [tabletA, students[0]!, "Late"],
    [tabletB, students[0]!, "Excused"],
    [tabletB, students[1]!, "Present"],
    [tabletA, students[1]!, "Late"],
    [tabletA, students[2]!, "Absent"],
    [tabletB, students[2]!, "Late"],
  ];
  for (const [tablet, student, status] of turns) {
    await tablet.reload();
    await statusButton(tablet, nameOf(student), status).click();
    expected.set(student.id, status.toLowerCase());
    await expect
      .poll(async () => (await attendance(session.id)).get(student.id), { timeout: 30_000 })
      .toBe(status.toLowerCase());
  }

  // A burst of changes on one tablet: the server keeps the last one.
  for (const status of ["Present", "Absent", "Late", "Excused", "Absent"])
    await statusButton(tabletA, nameOf(students[3]!), status).click();
  expected.set(students[3]!.id, "absent");
  await expect(tabletA.getByText("All changes saved")).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => Object.fromEntries(await attendance(session.id)), { timeout: 30_000 })
    .toEqual(Object.fromEntries(expected));

  // Both tablets, reloaded, show what the school holds.
  for (const tablet of [tabletA, tabletB]) {
    await tablet.reload();
    for (const student of students.slice(0, 4)) {
      const status = expected.get(student.id)!;
      await expect(statusButton(tablet, nameOf(student), status[0]!.toUpperCase() + status.slice(1))).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
  }
});

test("a plan sync run on one instance is seen on the other", async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = cluster.instances;
  const plan = (await api<{ id: string; status: string }[]>("/learning-plans?limit=100")).find(
    (p) => p.status === "active",
  )!;
  const renamed = `Synced through instance A ${Date.now().toString(36)}`;
  await schoolAdmin("update-plan", { planId: plan.id, name: renamed });

  const adminA = await browserAt(browser, a!.origin, DEMO.accounts.admin);
  // The same person on instance B, in the same browser: a cookie belongs to the host, whatever the port.
  const adminB = await adminA.context().newPage();
  await expect(async () => {
    await adminA.goto("/plans");
    await adminA.getByRole("button", { name: "Sync now" }).click();
    await expect(adminA.getByText(/Sync complete|A sync is already running/)).toBeVisible({ timeout: 60_000 });
    await adminB.goto(`${b!.origin}/plans/${plan.id}`);
    await expect(adminB.getByRole("heading", { level: 1 })).toHaveText(renamed, { timeout: 2_000 });
  }).toPass({ timeout: 150_000 });
});

test("signing out on one instance ends the session on the other", async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = cluster.instances;
  // Signed in through the balancer: the sign-in page and its form may be served by either instance.
  const parent = await browserAt(browser, cluster.balancer, DEMO.accounts.parent);
  const saved = await parent.context().storageState();
  const onA = await browserAt(browser, a!.origin);
  const copyOnB = await browserAt(browser, b!.origin);
  await onA.context().addCookies(saved.cookies);
  await copyOnB.context().addCookies(saved.cookies);
  await onA.goto("/family");
  await expect(onA).toHaveURL(/\/family$/);
  await copyOnB.goto("/family");
  await expect(copyOnB).toHaveURL(/\/family$/);

  await onA.getByRole("button", { name: "Sign out" }).click();
  await expect(onA).toHaveURL(/\/login/);
  // A copy of the cookie made before signing out no longer opens a page on the other instance.
  await copyOnB.goto("/family");
  await expect(copyOnB).toHaveURL(/\/login/);
});

test("an absence on a register ended on one instance reaches the parent exactly once, though both instances run the notices job", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const request = await playwrightRequest.newContext({ baseURL: cluster.balancer });
  const admin = await browserAt(browser, cluster.balancer, DEMO.accounts.admin);
  const f = await pickHalqa(request);
  const parent = await createParent(admin, f.child, "English");
  const register = await takeRegister(request, f, 30);
  await endInDashboard(admin, register.id);
  await expect.poll(() => smtp.to(parent).length, { timeout: 90_000 }).toBe(1);
  // Both instances' jobs tick every minute (the default): for a minute and more after, still one.
  const until = Date.now() + 65_000;
  while (Date.now() < until) {
    expect(smtp.to(parent)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  await request.dispose();
});

test("the instances logged no unhandled error", () => {
  for (const instance of cluster.instances) {
    const unhandled = instance
      .log()
      .split("\n")
      .filter(
        (line) => line.includes("⨯") || /Unhandled|uncaughtException/.test(line) || /^\s+at .+:\d+:\d+\)?$/.test(line),
      );
    expect(unhandled, instance.name).toEqual([]);
  }
});
