import home from "../messages/en/home.json" with { type: "json" };
import overview from "../messages/en/overview.json" with { type: "json" };
import { timeOfDayIn } from "../lib/dates";
import { allOf, expectNoAxeViolations, sessionToday } from "./api";
import { submitStart } from "./live-register";
import { expect, signedInContext, test } from "./fixtures";
import { createTeacher } from "./notices-fixtures";
import { activeSemester, halqaMeetingToday } from "./timetable-fixtures";

const TEACHER_HALQAS = ["Abu Bakr As-Siddiq Circle", "Umar ibn Al-Khattab Circle"];

test.describe("today", () => {
  test("a teacher sees today's open session of their halqa and can start only their own", async ({
    teacherPage: page,
    request,
  }) => {
    await sessionToday(request, "Abu Bakr As-Siddiq Circle", "Abdullah Al-Harbi");
    await page.goto("/today");
    await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
    // The school day with the Hijri date beside the Gregorian one.
    await expect(page.getByText(/^School day: .+ · .+ AH$/)).toBeVisible();

    const mine = page.getByRole("region", { name: "My sessions today" });
    await expect(mine.getByRole("link", { name: "Abu Bakr As-Siddiq Circle", exact: true }).first()).toBeVisible();
    await expect(mine.getByRole("link", { name: /^Mark attendance/ }).first()).toHaveAttribute(
      "href",
      /\/sessions\/[^/]+\/live$/,
    );
    // A session of today that is still open is listed once, under today's, not again under open sessions.
    const open = page.getByRole("region", { name: "Still open from earlier days" });
    const hrefs = (region: typeof mine) =>
      region
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute("href") ?? "").filter((h) => /^\/sessions\/[^/]+$/.test(h)),
        );
    const mineHrefs = await hrefs(mine);
    expect(mineHrefs.length).toBeGreaterThan(0);
    expect((await hrefs(open)).filter((h) => mineHrefs.includes(h))).toEqual([]);
    for (const other of ["Khadijah bint Khuwaylid Circle", "Aisha bint Abi Bakr Circle"]) {
      await expect(page.getByRole("link", { name: other, exact: true })).toHaveCount(0);
    }

    const start = page.getByRole("region", { name: "Start a session" });
    const halqa = start.getByLabel("Halqa", { exact: true });
    await expect(halqa.getByRole("option")).toHaveText(["Choose a halqa", ...TEACHER_HALQAS]);
    await halqa.selectOption({ label: "Umar ibn Al-Khattab Circle" });
    // Only the teacher's own sheikh record leads their sessions; it is chosen for them.
    await expect(start.getByLabel("Sheikh", { exact: true })).toHaveValue(/.+/);
    await expect(start.getByLabel("Sheikh", { exact: true }).getByRole("option")).toHaveText([
      "Choose a sheikh",
      "Abdullah Al-Harbi",
    ]);
    await expectNoAxeViolations(page);
  });

  test("a tap on Mark attendance answers at once while the register is on its way", async ({
    teacherPage: page,
    request,
  }) => {
    // The register has no loading skeleton (docs/scale.md, "The register's LCP"): the link itself answers.
    await sessionToday(request, "Abu Bakr As-Siddiq Circle", "Abdullah Al-Harbi");
    await page.goto("/today");
    const link = page
      .getByRole("region", { name: "My sessions today" })
      .getByRole("link", { name: /^Mark attendance/ })
      .first();
    await expect(link).toBeVisible();
    // As on a tablet after its first visit: the service worker controls the page before the tap. One that
    // took control while the held request waited made the router's fetch fail and fall back to a full page
    // load (a CI trace: the RSC request failed 0.7 s in, then a document request for the register).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
    });
    // A crowded Wi-Fi: the register's page is held until the test lets it through (prefetches pass).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/sessions\/[^/]+\/live(\?|$)/, async (route) => {
      const headers = route.request().headers();
      if (headers.rsc && !headers["next-router-prefetch"]) await held;
      await route.continue();
    });
    await link.click();
    await expect(link.getByRole("status")).toHaveText("Loading the register…");
    await expect(link.getByTestId("link-pending")).toBeVisible();
    await expect(page).toHaveURL(/\/today$/);
    release();
    // The register then arrives as any page does: given the time a page.goto is (the test's), not the
    // 10 s of one expectation, which the server's whole render of the register (under CI's load, 5–11 s)
    // would otherwise have to fit. The URL changes when the register is shown (no loading skeleton).
    await page.waitForURL(/\/sessions\/[^/]+\/live$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Register: / })).toBeVisible();
  });

  test("a teacher starts a session, lands on its register, and finds it once on Today", async ({
    teacherPage: page,
  }, testInfo) => {
    const topic = `Surah Al-Mulk, ${testInfo.project.name} ${Date.now()}`;
    await page.goto("/today");
    const start = page.getByRole("region", { name: "Start a session" });
    await start.getByLabel("Halqa", { exact: true }).selectOption({ label: "Umar ibn Al-Khattab Circle" });
    await start.getByLabel("Topic (optional)", { exact: true }).fill(topic);
    await submitStart(page, start.getByRole("button", { name: "Start session" }));

    await expect(page).toHaveURL(/\/sessions\/[^/?]+\/live$/);
    await expect(page.getByRole("heading", { level: 1, name: "Register: Umar ibn Al-Khattab Circle" })).toBeVisible();
    const started = new URL(page.url()).pathname;

    // Starting the halqa again the same day asks first (issue 58.1): its register is one tap away, and a
    // second session needs the teacher to say it is meant and why; nothing is started meanwhile.
    await page.goto("/today");
    await start.getByLabel("Halqa", { exact: true }).selectOption({ label: "Umar ibn Al-Khattab Circle" });
    await start.getByRole("button", { name: "Start session" }).click();
    const asked = start.getByRole("alert");
    await expect(asked).toContainText(/^This halqa already has (a session|\d+ sessions) today\./);
    const ours = asked
      .getByRole("link", { name: /^Open the register of \d{1,2}:\d{2} \((Open|Ended)\)$/ })
      .and(asked.locator(`[href="${started}"]`));
    await expect(ours).toHaveCount(1);
    await start.getByRole("checkbox", { name: "Start a second session today" }).check();
    await start.getByRole("button", { name: "Start session" }).click();
    await expect(
      start.getByText("Say in the topic why a second session is held today (for example, an extra lesson)."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/today$/);
    await ours.click();
    await expect(page).toHaveURL(new RegExp(`${started}$`));

    await page.goto("/today");
    const card = page
      .getByRole("region", { name: "My sessions today" })
      .getByRole("listitem")
      .filter({ hasText: topic });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: "Umar ibn Al-Khattab Circle", exact: true })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Still open from earlier days" })
        .getByRole("listitem")
        .filter({ hasText: topic }),
    ).toHaveCount(0);
  });

  test("an admin sees every session of today and can start one in any running halqa", async ({
    adminPage: page,
    request,
  }, info) => {
    test.skip(info.project.name !== "desktop", "an admin's form, on the desktop");
    await sessionToday(request, "Abu Bakr As-Siddiq Circle", "Abdullah Al-Harbi");
    await page.goto("/today");
    const todays = page.getByRole("region", { name: "Today's sessions" });
    await expect(todays.getByRole("link", { name: "Abu Bakr As-Siddiq Circle", exact: true }).first()).toBeVisible();
    const halqa = page.getByRole("region", { name: "Start a session" }).getByLabel("Halqa", { exact: true });
    for (const name of [...TEACHER_HALQAS, "Khadijah bint Khuwaylid Circle", "Aisha bint Abi Bakr Circle"]) {
      await expect(halqa.getByRole("option", { name, exact: true })).toHaveCount(1);
    }
    // Not running this term: no session can be started there.
    await expect(halqa.getByRole("option", { name: "Zaid ibn Thabit Evening Circle" })).toHaveCount(0);
    // Before a halqa is chosen, each sheikh is offered once.
    const sheikhs = await page.getByLabel("Sheikh", { exact: true }).getByRole("option").allTextContents();
    expect(sheikhs.length).toBeGreaterThan(2);
    expect(new Set(sheikhs).size).toBe(sheikhs.length);
    await halqa.selectOption({ label: "Abu Bakr As-Siddiq Circle" });
    await expect(page.getByLabel("Sheikh", { exact: true }).getByRole("option")).toHaveText([
      "Choose a sheikh",
      "Abdullah Al-Harbi",
      "Saleh Al-Mutairi",
    ]);
    await expectNoAxeViolations(page);
  });
});

test("a teacher's Today lists their halqas on today's timetable with where each register stands: a missing one first, Start within reach", async ({
  adminPage: admin,
  browser,
  request,
}, testInfo) => {
  const s = await activeSemester(request);
  test.skip(
    timeOfDayIn(s.timeZone, new Date()) < "00:31",
    "a start 30 minutes ago would be yesterday's: before 00:31 none of today's registers is missing",
  );
  // A halqa of its own, on today's timetable from 30 minutes ago (school time) with no session: missing.
  const sheikh = (await allOf<{ id: string; name: string }>(request, "/sheikhs")).find(
    (row) => row.name !== "Abdullah Al-Harbi",
  )!;
  const halqa = await halqaMeetingToday(
    admin,
    request,
    s,
    `Timetabled circle ${testInfo.project.name} ${Date.now().toString(36)}`,
    sheikh.id,
    timeOfDayIn(s.timeZone, new Date(Date.now() - 30 * 60_000)),
  );
  const email = await createTeacher(admin, sheikh.name, "English");
  const teacher = await signedInContext(browser, email, "a long initial password");
  try {
    const page = teacher.page;
    await page.goto("/today");
    const timetable = page.getByRole("region", { name: home.timetable.title });
    const row = timetable.getByRole("listitem").filter({ hasText: halqa.name });
    await expect(row).toContainText(overview.home.today.states.missing);
    // The same state the admin's overview gives that halqa.
    await admin.goto("/admin");
    await expect(
      admin.getByRole("row").filter({ hasText: halqa.name }).filter({ hasText: overview.home.today.states.missing }),
    ).toHaveCount(1);
    // Above the day's sessions, and Start leads to the start form with the halqa chosen.
    const sessionsTop = (await page.getByRole("heading", { name: "My sessions today" }).boundingBox())!.y;
    expect((await timetable.boundingBox())!.y).toBeLessThan(sessionsTop);
    await row.getByRole("link", { name: overview.home.today.startOf.replace("{halqa}", halqa.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/today\\?halqa=${halqa.id}#today-start$`));
    await expectNoAxeViolations(page);
  } finally {
    await teacher.close();
  }
});
