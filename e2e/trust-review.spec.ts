import type { APIRequestContext, Browser, Page } from "@playwright/test";
import en from "../messages/en/admin.json" with { type: "json" };
import adminAr from "../messages/ar/admin.json" with { type: "json" };
import plansAr from "../messages/ar/plans.json" with { type: "json" };
import navAr from "../messages/ar/nav.json" with { type: "json" };
import { allOf, expectNoAxeViolations } from "./api";
import { submitStart } from "./live-register";
import { expect, signedInContext, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/** Issue 23, points 4, 5, 6 and some of 8: what changed, the audit log, maps, offline, small things. */
type Plan = { id: string; student_id: string; name: string };
type Student = { id: string; full_name: string; halqa_id: string };
type Halqa = { id: string; name: string };

const PASSWORD = "a long initial password";

async function arabicAdmin(admin: Page, browser: Browser, project: string) {
  const email = `trust-ar-${project}-${Date.now().toString(36)}@example.org`;
  await admin.goto("/admin/users/new");
  await admin.getByLabel(en.create.name).fill(`مدير ${project}`);
  await admin.getByLabel(en.create.email).fill(email);
  await admin.getByRole("combobox", { name: en.create.role }).selectOption({ label: "Administrator" });
  await admin.getByRole("combobox", { name: en.create.locale, exact: true }).selectOption({ label: "Arabic" });
  await admin.getByLabel(en.create.password).fill(PASSWORD);
  await admin.getByRole("button", { name: en.create.submit }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `مدير ${project}` })).toBeVisible();
  const signed = await signedInContext(browser, email, PASSWORD);
  await expect(signed.page.locator("html")).toHaveAttribute("lang", "ar");
  return signed;
}

/** The heading a plan's group of changes has: the student's full name and their halqa, from the API. */
async function expectedHeading(request: APIRequestContext, planId: string): Promise<{ heading: string; halqa: Halqa }> {
  const plan = (await (
    await request.get(`/api/v1/learning-plans/${planId}`, {
      headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
    })
  ).json()) as { data: Plan };
  const student = (await (
    await request.get(`/api/v1/students/${plan.data.student_id}`, {
      headers: { Authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` },
    })
  ).json()) as { data: Student };
  const halqa = (await allOf<Halqa>(request, "/halqas")).find((h) => h.id === student.data.halqa_id)!;
  return { heading: `${student.data.full_name} · ${halqa.name}`, halqa };
}

const groups = (page: Page) => page.getByRole("main").getByRole("region");

// Page loads, axe and a sign-in per Arabic person: more than the default minute on a busy machine.
test.slow();

test.describe("what changed, for real review", () => {
  test("groups the changes by plan under the student and halqa, filters by halqa, kind and period, and pages", async ({
    adminPage: page,
    request,
  }) => {
    await page.goto("/plans/changes");
    await expect(page.getByRole("heading", { level: 1, name: "What changed" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^\d+ changes? in \d+ plans?$/ })).toBeVisible();
    const first = groups(page).first();
    const planHref = await first.getByRole("link").first().getAttribute("href");
    const { heading, halqa } = await expectedHeading(request, decodeURIComponent(planHref!.split("/")[2]!));
    await expect(first.getByRole("heading", { level: 2 })).toHaveText(heading);
    await expectNoAxeViolations(page);

    const form = page.getByRole("search", { name: "Filter changes" });
    await form.getByRole("combobox", { name: "Halqa" }).selectOption({ label: halqa.name });
    await form.getByRole("combobox", { name: "Kind of change" }).selectOption({ label: "Replaced" });
    await form.getByRole("combobox", { name: "Period" }).selectOption({ label: "In the last 90 days" });
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/halqa=.*kind=replaced.*period=90|period=90.*kind=replaced/);
    await expect(page.getByText(/in the last 90 days/)).toBeVisible();
    await expect(groups(page).first()).toBeVisible();
    for (const text of await groups(page).getByRole("heading", { level: 2 }).allInnerTexts())
      expect(text).toContain(` · ${halqa.name}`);
    const whats = await groups(page)
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .allInnerTexts();
    expect(whats.length).toBeGreaterThan(0);
    for (const text of whats) expect(text).toContain("Replaced");

    // Pages of 20 plans: every plan once, across pages.
    await page.goto("/plans/changes?period=90");
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager).toBeVisible();
    if (await pager.getByRole("link", { name: "Next page" }).count()) {
      const onFirst = await groups(page).getByRole("heading", { level: 2 }).count();
      expect(onFirst).toBe(20);
      await pager.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    }
  });

  test("a school with Learning Plans off says so instead of 'Nothing changed'", async ({ arqamAdminPage: page }) => {
    await page.goto("/plans/changes");
    await expect(page.getByRole("heading", { level: 2, name: "Learning plans are not available" })).toBeVisible();
    await expect(page.getByText(/Nothing changed/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("in Arabic: the same groups and filters, right to left", async ({ adminPage, browser }, info) => {
    const person = await arabicAdmin(adminPage, browser, info.project.name);
    try {
      const page = person.page;
      await page.goto("/plans/changes");
      await expect(page.getByRole("heading", { level: 1, name: plansAr.changes.title })).toBeVisible();
      const form = page.getByRole("search", { name: plansAr.changes.filters.label });
      await expect(form.getByRole("combobox", { name: plansAr.changes.filters.halqa })).toBeVisible();
      await expect(groups(page).first().getByRole("heading", { level: 2 })).toContainText("، ");
      await expectNoAxeViolations(page);
    } finally {
      await person.close();
    }
  });
});

test.describe("the audit log names its records", () => {
  test("a register sitting is one entry, naming the halqa and day, each student before → after; the CSV's record is filled", async ({
    adminPage: page,
  }, info) => {
    test.skip(info.project.name !== "desktop", "one register sitting, on desktop");
    const halqaName = "Abu Bakr As-Siddiq Circle";
    await page.goto("/today");
    const start = page.getByRole("region", { name: "Start a session" });
    await start.getByLabel("Halqa", { exact: true }).selectOption({ label: halqaName });
    // An admin chooses who leads it (a teacher's own sheikh is chosen for them).
    await start.getByLabel("Sheikh", { exact: true }).selectOption({ index: 1 });
    await start.getByLabel("Topic (optional)", { exact: true }).fill(`audit sitting ${Date.now()}`);
    await submitStart(page, start.getByRole("button", { name: "Start session" }));
    await expect(page).toHaveURL(/\/sessions\/[^/?]+\/live$/);
    const sessionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
    const roster = page.getByRole("list", { name: "Students" });
    await expect(roster.getByRole("group").first()).toBeVisible();
    const [a, b] = await roster
      .getByRole("group")
      .evaluateAll((els) => els.slice(0, 2).map((el) => el.getAttribute("aria-label") ?? ""));
    for (const [name, status] of [
      [a, "Absent"],
      [a, "Late"],
      [a, "Present"],
      [b, "Excused"],
    ] as const) {
      await roster.getByRole("button", { name: `Set ${name} to ${status}`, exact: true }).click();
      await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
    }

    await page.goto("/admin/audit");
    const person = await page
      .getByRole("combobox", { name: en.audit.filters.person })
      .getByRole("option", { name: "Huda Al-Admin" })
      .getAttribute("value");
    await page.goto(`/admin/audit?action=attendance.save&person=${person}`);
    const rows = page
      .getByRole("table", { name: /^Audit log of / })
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await expect(rows.first()).toBeVisible();
    const hrefs = await rows.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.filter((href) => href === `/sessions/${sessionId}`)).toHaveLength(1);
    // The newest of this person's saves: this sitting.
    const row = rows.first();
    await expect(row.getByRole("link", { name: new RegExp(`^${halqaName}, `) })).toHaveAttribute(
      "href",
      `/sessions/${sessionId}`,
    );
    await expect(row.getByText("4 saves in one sitting")).toBeVisible();
    const changes = row.getByRole("list", { name: "What changed" });
    await expect(changes.getByRole("listitem")).toHaveCount(2);
    await expect(changes.getByText(/: Not marked → Present$/)).toBeVisible();
    await expect(changes.getByText(/: Not marked → Excused$/)).toBeVisible();
    await expectNoAxeViolations(page);

    const csv = (await (await page.request.get("/admin/audit/export?action=attendance.save")).body()).toString("utf8");
    const line = csv.split("\r\n").find((l) => l.includes(`"${sessionId}"`))!;
    expect(line).toContain(`"${halqaName}, `);
    expect(line).toMatch(/Not marked → Present/);
  });

  test("date boxes are year-month-day in either language; a day that is not a date is said so", async ({
    adminPage,
    browser,
  }, info) => {
    for (const run of ["en", "ar"] as const) {
      const person = run === "ar" ? await arabicAdmin(adminPage, browser, `${info.project.name}-audit`) : null;
      const page = person?.page ?? adminPage;
      const words = run === "ar" ? adminAr.audit : en.audit;
      try {
        await page.goto("/admin/audit");
        const form = page.getByRole("search", { name: words.filters.label });
        const from = form.getByRole("textbox", { name: words.filters.from });
        await expect(from).toHaveAttribute("placeholder", words.filters.dayPlaceholder);
        await from.fill(run === "ar" ? "٢٠٢٦-١١-٢٦" : "2026-13-45");
        await form.getByRole("button", { name: words.filters.apply }).click();
        // In the page's main region: Next.js's route announcer is an alert of its own, outside it.
        const alerts = page.getByRole("main").getByRole("alert");
        if (run === "en") await expect(alerts).toContainText("Not a day: 2026-13-45");
        else await expect(alerts).toHaveCount(0);
        await expectNoAxeViolations(page);
      } finally {
        await person?.close();
      }
    }
  });
});

test.describe("maps that read at a glance", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("on a phone the heat map opens where the data is and says it scrolls; both maps share colours; map cells are 24×24 or more", async ({
    adminPage: page,
    request,
  }) => {
    const semester = (await allOf<{ id: string; status: string }>(request, "/semesters")).find(
      (s) => s.status === "active",
    )!;
    const halqa = (await allOf<Halqa>(request, `/halqas?semester_id=${semester.id}`))[0]!;
    await page.goto(`/halqas/${halqa.id}`);
    const region = page.getByRole("region", { name: "Revision currency" });
    await expect(region).toBeVisible();
    await expect(page.getByText(/^Scroll sideways for all 30 juz; the map opens at juz \d+/)).toBeVisible();
    const hint = await page.getByText(/^Scroll sideways/).innerText();
    const firstJuz = Number(/juz (\d+)/.exec(hint)![1]);
    if (firstJuz > 1) await expect.poll(() => region.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
    const heatFill = await page
      .getByRole("list", { name: "Legend" })
      .getByRole("listitem")
      .first()
      .evaluate((li) => getComputedStyle(li.querySelector("rect")!).fill);
    await expectNoAxeViolations(page);

    const student = (await allOf<Student>(request, `/students?halqa_id=${halqa.id}`))[0]!;
    await page.goto(`/students/${student.id}`);
    const map = page.getByRole("group", { name: "Quran map: 30 juz of 8 hizb quarters each" });
    await expect(map).toBeVisible();
    const mapFill = await page
      .getByRole("listitem")
      .filter({ hasText: "Revised in the last 7 days" })
      .evaluate((li) => getComputedStyle(li.querySelector("rect")!).fill);
    expect(mapFill).toBe(heatFill);
    const box = await map.getByRole("link").first().boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await expectNoAxeViolations(page);
  });
});

test.describe("offline without dead ends", () => {
  async function kept(page: Page) {
    await page.goto("/today");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The worker is active for the site; this page itself may not be controlled: a navigation that
    // began while the worker was still activating (a loaded machine, the first page after sign-in)
    // goes to the network and is not claimed. The next navigation, the one that matters offline, is.
    await expect
      .poll(
        () =>
          page.evaluate(
            async () =>
              Boolean((await navigator.serviceWorker?.getRegistration("/"))?.active) &&
              (await caches.keys()).some((n) => n.startsWith("halqa-user-")),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            for (const name of await caches.keys())
              if (name.startsWith("halqa-user-") && (await (await caches.open(name)).match("/today"))) return true;
            return false;
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
  }

  test("a page not kept, opened offline, is our own page linking to Today; Today from the kept copy says 'Offline — as of' until the network is back", async ({
    adminPage: page,
  }) => {
    await kept(page);
    await page.context().setOffline(true);
    const note = page.getByRole("status").filter({ hasText: /^Offline — as of \d{1,2}:\d{2}/ });
    try {
      await page.goto("/students");
      await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
      await page.getByRole("link", { name: /^Today/ }).click();
      await expect(note).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
    // Issue 58.7: it stayed after reconnecting.
    await expect(note).toHaveCount(0);
  });

  test("in Arabic, the offline page speaks Arabic", async ({ adminPage, browser }, info) => {
    const person = await arabicAdmin(adminPage, browser, `${info.project.name}-offline`);
    try {
      await kept(person.page);
      await person.page.context().setOffline(true);
      await person.page.goto("/halqas");
      await expect(person.page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(person.page.getByRole("heading", { level: 1, name: navAr.offline.title })).toBeVisible();
      await expect(person.page.getByRole("link", { name: navAr.offline.retry })).toBeVisible();
      await person.page.context().setOffline(false);
    } finally {
      await person.close();
    }
  });
});
