import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { allOf, expectNoAxeViolations, schoolAdmin } from "./api";
import { expect, test } from "./fixtures";
import { serverMarks, startFromToday } from "./live-register";
import { DEMO_KEYS } from "../school-api/seed-facts";

const API_KEY = DEMO_KEYS.alnoorAdmin;
const TEACHER_HALQAS = ["Abu Bakr As-Siddiq Circle", "Umar ibn Al-Khattab Circle"];

/** Starts a fresh session of the teacher's halqa through /today and opens its live register; answers the session id. */
async function openFreshRegister(page: Page, halqa: string, topic: string): Promise<string> {
  const id = await startFromToday(page, halqa, topic);
  // Started from the bottom of Today, the register opens at its top, not at its bottom (app/globals.css, overflow-anchor).
  await expect(rowGroups(page).first()).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);
  return id;
}

const roster = (page: Page) => page.getByRole("list", { name: "Students" });
/** Each row's status control: a group named by the student's name, one button per status. */
const rowGroups = (page: Page) => roster(page).getByRole("group");
const counts = (page: Page) => page.getByRole("region", { name: "Counts" });

async function studentNames(page: Page): Promise<string[]> {
  await expect(rowGroups(page).first()).toBeVisible();
  return rowGroups(page).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
}

/** The button that sets one student's status ("Set <name> to <status>"), pressed when it is the row's status. */
const statusButton = (page: Page, name: string, status: string): Locator =>
  roster(page).getByRole("button", { name: `Set ${name} to ${status}`, exact: true });
const expectStatus = (page: Page, name: string, status: string, options?: { timeout: number }) =>
  expect(statusButton(page, name, status)).toHaveAttribute("aria-pressed", "true", options);
function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function tap(page: Page, target: Locator, isMobile: boolean) {
  if (isMobile) await target.tap();
  else await target.click();
}

/** Marks the first `half` of `names` present online (until saved), then the rest offline; answers the rest. */
async function presentHalfOffline(page: Page, names: string[], half: number, touch: boolean): Promise<string[]> {
  for (const name of names.slice(0, half)) await tap(page, statusButton(page, name, "Present"), touch);
  await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
  await page.context().setOffline(true);
  const rest = names.slice(half);
  for (const name of rest) await tap(page, statusButton(page, name, "Present"), touch);
  return rest;
}

/** Back online, until the register shows every change saved. */
async function backOnline(page: Page) {
  await page.context().setOffline(false);
  await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 20_000 });
}

/** How many of the session's marks at the school are "present". */
async function presentAtSchool(request: APIRequestContext, sessionId: string): Promise<number> {
  const marks = await serverMarks(request, sessionId);
  return [...marks.values()].filter((status) => status === "present").length;
}

test.describe("live register", () => {
  test("a teacher taps every student present, sees counts and saved marks, and they survive a reload", async ({
    teacherPage: page,
  }, info) => {
    const touch = info.project.name === "tablet";
    await openFreshRegister(page, TEACHER_HALQAS[0]!, `live e2e ${info.project.name} ${Date.now()}`);
    const names = await studentNames(page);
    expect(names.length).toBeGreaterThan(0);
    await expect(counts(page)).toContainText(`Not marked yet: ${names.length}`);
    await expectNoAxeViolations(page);

    for (const name of names) await tap(page, statusButton(page, name, "Present"), touch);
    await expect(counts(page)).toContainText("Everyone is marked");
    await expect(counts(page).getByText(/^Present: /)).toHaveText(`Present: ${names.length}`);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });
    await expect(roster(page).getByText("Saved", { exact: true })).toHaveCount(names.length);

    // Each status is its own button: one tap sets absent, another sets late.
    await tap(page, statusButton(page, names[0]!, "Absent"), touch);
    await expectStatus(page, names[0]!, "Absent");
    await tap(page, statusButton(page, names.at(-1)!, "Late"), touch);
    await expectStatus(page, names.at(-1)!, "Late");
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });

    await page.reload();
    await expectStatus(page, names[0]!, "Absent");
    await expectStatus(page, names.at(-1)!, "Late");
    await expect(counts(page)).toContainText("Everyone is marked");
  });

  test("keyboard: arrows move between students and P/A/L/E set the status", async ({ teacherPage: page }, info) => {
    test.skip(info.project.name === "tablet", "keyboard is for desktop");
    await openFreshRegister(page, TEACHER_HALQAS[1]!, `live keys ${Date.now()}`);
    const names = await studentNames(page);
    expect(names.length, "the demo halqa has more than one active student").toBeGreaterThan(1);
    await statusButton(page, names[0]!, "Present").focus();
    await page.keyboard.press("a");
    await expectStatus(page, names[0]!, "Absent");
    await page.keyboard.press("ArrowDown");
    await expect(statusButton(page, names[1]!, "Present")).toBeFocused();
    await page.keyboard.press("e");
    await expectStatus(page, names[1]!, "Excused");
  });

  test("marks made offline wait, then reach the server when the network returns", async ({
    teacherPage: page,
    request,
  }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(
      page,
      TEACHER_HALQAS[0]!,
      `live offline ${info.project.name} ${Date.now()}`,
    );
    const names = await studentNames(page);
    const rest = await presentHalfOffline(page, names, Math.ceil(names.length / 2), touch);
    // Offline is the counts bar's status line, with what waits.
    const waiting = rest.length === 1 ? "1 change waiting" : `${rest.length} changes waiting`;
    await expect(page.getByRole("region", { name: "Counts" })).toContainText(
      `Offline: ${rest.length > 0 ? waiting : "All changes saved"}`,
    );

    await backOnline(page);
    await expect.poll(() => presentAtSchool(request, sessionId)).toBe(names.length);
  });

  test("two devices on one session see each other's marks", async ({
    teacherPage: teacher,
    adminPage: admin,
  }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(
      teacher,
      TEACHER_HALQAS[1]!,
      `live two ${info.project.name} ${Date.now()}`,
    );
    await admin.goto(`/sessions/${encodeURIComponent(sessionId)}/live`);
    const names = await studentNames(teacher);
    expect(names.length, "the demo halqa has more than one active student").toBeGreaterThan(1);

    await tap(teacher, statusButton(teacher, names[0]!, "Present"), touch);
    await expectStatus(admin, names[0]!, "Present", { timeout: 6_000 });

    await tap(admin, statusButton(admin, names[1]!, "Excused"), touch);
    await expectStatus(teacher, names[1]!, "Excused", { timeout: 6_000 });
    await expectNoAxeViolations(admin);
  });
});

type ServerRecitation = {
  id: string;
  student_id: string;
  kind: string;
  range: { start: { surah: number; ayah: number }; end: { surah: number; ayah: number } };
  rating: number;
  mistakes: number | null;
  note: string | null;
};

function serverRecitations(request: APIRequestContext, sessionId: string): Promise<ServerRecitation[]> {
  return allOf<ServerRecitation>(request, `/sessions/${encodeURIComponent(sessionId)}/recitations`);
}

/** Opens a student's sheet (a dialog over the roster); answers its recitation form. */
async function openRecitations(page: Page, name: string, touch: boolean): Promise<Locator> {
  await tap(
    page,
    roster(page).getByRole("button", { name: new RegExp(`^Recitations and note \\d+ \\(${escape(name)}\\)$`) }),
    touch,
  );
  await expect(page.getByRole("dialog", { name: `${name}: recitations and note` })).toBeVisible();
  const form = page.getByRole("form", { name: `Record recitation for ${name}` });
  await expect(form).toBeVisible();
  return form;
}

test.describe("live recitations", () => {
  test("a teacher records a recitation with the surah picker; it is saved on the server and the next range continues after it", async ({
    teacherPage: page,
    request,
  }, info) => {
    // The whole entry, its 10 s undo window and the save, with an axe check: slow on a shared machine.
    test.slow();
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(page, TEACHER_HALQAS[0]!, `live rec ${info.project.name} ${Date.now()}`);
    const [name] = await studentNames(page);
    const form = await openRecitations(page, name!, touch);

    await form.getByRole("radio", { name: "Recent revision" }).check();
    await form.getByLabel("Juz", { exact: true }).selectOption({ label: "Juz 29" });
    await form.getByLabel("Find a surah (number or name)").fill("mulk");
    await expect(form.getByLabel("From surah")).toHaveValue("67");
    await form.getByLabel("From ayah").fill("1");
    await form.getByLabel("To ayah").fill("31");
    await expect(form.getByText("Surah 67 has ayahs 1 to 30.")).toBeVisible();
    await form.getByLabel("To ayah").fill("10");
    await expect(form.getByText(/^Page \d+(–\d+)? · juz 29$/)).toBeVisible();
    await form.getByRole("radio", { name: "Very good" }).check();
    // Mistakes are tapped as they are heard (issue 29); the rating chosen above stays the teacher's.
    for (const n of [0, 1])
      await tap(page, form.getByRole("button", { name: `Add a mistake: Hesitation or prompted (${n})` }), touch);
    await form.getByLabel("Note").fill("steady");
    await expectNoAxeViolations(page);
    await tap(page, form.getByRole("button", { name: `Record recitation for ${name}` }), touch);

    const list = page.getByRole("list", { name: `Recitations of ${name} in this session` });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem").first()).toContainText("Recent revision: Al-Mulk 1–10, Very good");
    await expect(list.getByRole("listitem").first()).toContainText("Saved", { timeout: 15_000 });
    await expect
      .poll(async () =>
        (await serverRecitations(request, sessionId)).map((r) => ({
          kind: r.kind,
          range: r.range,
          rating: r.rating,
          mistakes: r.mistakes,
          note: r.note,
        })),
      )
      .toEqual([
        {
          kind: "recent_revision",
          range: { start: { surah: 67, ayah: 1 }, end: { surah: 67, ayah: 10 } },
          rating: 4,
          mistakes: 2,
          note: "steady",
        },
      ]);

    // The next range of this kind continues after the one just recorded.
    await expect(form.getByLabel("From surah")).toHaveValue("67");
    await expect(form.getByLabel("From ayah")).toHaveValue("11");
    await expect(form.getByLabel("To ayah")).toHaveValue("20");
    await expect(form.getByText("Prefilled to continue after the last Recent revision recitation.")).toBeVisible();
  });

  test("a recitation whose first response is lost is retried and exists once on the server", async ({
    teacherPage: page,
    request,
  }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(page, TEACHER_HALQAS[0]!, `live drop ${info.project.name} ${Date.now()}`);
    const [name] = await studentNames(page);
    const form = await openRecitations(page, name!, touch);

    // The first recitation write reaches the server, which records it; its answer never reaches the page.
    let dropped = 0;
    await page.route(
      (url) => url.pathname === `/sessions/${encodeURIComponent(sessionId)}/live`,
      async (route) => {
        const request = route.request();
        if (dropped === 0 && request.method() === "POST" && (request.postData() ?? "").includes('"recorded_at"')) {
          dropped++;
          await route.fetch();
          await route.abort("connectionreset");
          return;
        }
        await route.fallback();
      },
    );

    await form.getByRole("radio", { name: "New memorisation" }).check();
    await form.getByLabel("Find a surah (number or name)").fill("112");
    await expect(form.getByLabel("From surah")).toHaveValue("112");
    await form.getByLabel("From ayah").fill("1");
    await form.getByLabel("To ayah").fill("4");
    await form.getByRole("radio", { name: "Excellent" }).check();
    await tap(page, form.getByRole("button", { name: `Record recitation for ${name}` }), touch);

    const item = page.getByRole("list", { name: `Recitations of ${name} in this session` }).getByRole("listitem");
    await expect(item.first()).toContainText("Saved", { timeout: 20_000 });
    expect(dropped).toBe(1);
    await expect(page.getByText("All changes saved")).toBeVisible();
    const onServer = await serverRecitations(request, sessionId);
    expect(onServer.filter((r) => r.kind === "new_memorization" && r.range.start.surah === 112)).toHaveLength(1);
    await page.reload();
    await expect(
      roster(page).getByRole("button", { name: `Recitations and note 1 (${name})`, exact: true }),
    ).toBeVisible();
  });
});

test.describe("prefill from the learning plan", () => {
  type Point = { surah: number; ayah: number };
  type Segment = { order: number; track_type: string; range: { start: Point; end: Point } };
  type Assignment = { status: string; due_date: string; superseded_at: string | null; segments: Segment[] };
  const KIND_LABEL: Record<string, string> = {
    new_memorization: "New memorisation",
    recent_revision: "Recent revision",
    old_revision: "Old revision",
  };

  type Expected = {
    student: { id: string; full_name: string; preferred_name: string | null };
    kind: string;
    start: Point;
    end: Point;
  };
  const newMemorisation = (assignment: Assignment | undefined) =>
    (assignment?.segments ?? []).filter((x) => x.track_type === "new_memorization").sort((a, b) => a.order - b.order);

  /**
   * A student of the teacher's first halqa with an assignment in progress that asks for new
   * memorisation, and what it asks (per the API). When the demo has none left (other specs move
   * assignments on), a published one is started through the school's own operation: certain data,
   * not a skip (issue 28).
   */
  async function assignmentInProgress(request: APIRequestContext): Promise<Expected> {
    const semester = (await allOf<{ id: string; status: string }>(request, "/semesters")).find(
      (x) => x.status === "active",
    )!;
    const halqa = (
      await allOf<{ id: string; name: string; semester_id: string }>(request, `/halqas?semester_id=${semester.id}`)
    ).find((h) => h.name === TEACHER_HALQAS[0] && h.semester_id === semester.id)!;
    const students = (
      await allOf<Expected["student"] & { halqa_id: string; status: string }>(
        request,
        `/students?halqa_id=${halqa.id}&status=active`,
      )
    ).filter((x) => x.halqa_id === halqa.id && x.status === "active");
    const plans = (
      await allOf<{ id: string; student_id: string; status: string }>(request, "/learning-plans?status=active")
    ).filter((plan) => plan.status === "active" && students.some((x) => x.id === plan.student_id));
    const histories = await Promise.all(
      plans.map(async (plan) => ({
        plan,
        assignments: (
          await allOf<Assignment & { id: string }>(request, `/learning-plans/${plan.id}/assignments`)
        ).filter((a) => a.superseded_at === null),
      })),
    );
    const earliest = (list: (Assignment & { id: string })[], status: string) =>
      list.filter((a) => a.status === status).sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
    const expectedOf = (studentId: string, assignment: Assignment): Expected => {
      const segments = newMemorisation(assignment);
      return {
        student: students.find((x) => x.id === studentId)!,
        kind: "new_memorization",
        start: segments[0]!.range.start,
        end: segments.at(-1)!.range.end,
      };
    };
    for (const { plan, assignments } of histories) {
      const current = earliest(assignments, "in_progress");
      if (newMemorisation(current).length > 0) return expectedOf(plan.student_id, current!);
    }
    for (const { plan, assignments } of histories) {
      if (earliest(assignments, "in_progress")) continue;
      const published = assignments
        .filter((a) => a.status === "published" && newMemorisation(a).length > 0)
        .sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
      if (!published) continue;
      await schoolAdmin(request, "set-assignment-status", { assignmentId: published.id, status: "in_progress" });
      return expectedOf(plan.student_id, published);
    }
    throw new Error(`no active plan of ${halqa.name}'s students has an assignment in progress or published to start`);
  }

  test("a student's entry is prefilled with the current assignment's segment once the plans are synced", async ({
    adminPage: admin,
    teacherPage: page,
    request,
  }, info) => {
    test.skip(info.project.name !== "desktop", "once is enough: it needs a plan sync");
    test.slow();
    const expected = await assignmentInProgress(request);
    // The plan comes from the dashboard's synced plan store: sync it as the admin would.
    await admin.goto("/plans");
    await admin.getByRole("button", { name: "Sync now" }).click();
    await expect(admin.getByText(/Sync complete|A sync is already running/)).toBeVisible({ timeout: 90_000 });
    await expect(async () => {
      await admin.reload();
      await expect(admin.getByText(/^Last complete sync:/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    await openFreshRegister(page, TEACHER_HALQAS[0]!, `live plan ${Date.now()}`);
    const names = await studentNames(page);
    const name = names.find((n) => n === expected.student.preferred_name || n === expected.student.full_name)!;
    expect(name).toBeDefined();
    const form = await openRecitations(page, name, false);
    await form.getByRole("radio", { name: KIND_LABEL[expected.kind]! }).check();
    await expect(form.getByText("Prefilled from the learning plan's current assignment.")).toBeVisible({
      timeout: 15_000,
    });
    await expect(form.getByLabel("From surah")).toHaveValue(String(expected.start.surah));
    await expect(form.getByLabel("From ayah")).toHaveValue(String(expected.start.ayah));
    await expect(form.getByLabel("To surah")).toHaveValue(String(expected.end.surah));
    await expect(form.getByLabel("To ayah")).toHaveValue(String(expected.end.ayah));
  });
});

test.describe("a class of thirty", () => {
  const HALQA = TEACHER_HALQAS[1]!;

  /** Brings the halqa to at least 30 active students through the API (names sort after the demo's, so other tests' rows keep their places). */
  async function ensureThirty(request: APIRequestContext) {
    const headers = { Authorization: `Bearer ${API_KEY}` };
    const active = (await allOf<{ id: string; status: string }>(request, "/semesters")).find(
      (s) => s.status === "active",
    );
    expect(active).toBeDefined();
    const halqa = (
      await allOf<{ id: string; name: string }>(request, `/halqas?semester_id=${encodeURIComponent(active!.id)}`)
    ).find((h) => h.name === HALQA);
    expect(halqa).toBeDefined();
    const students = await allOf<unknown>(request, `/students?halqa_id=${encodeURIComponent(halqa!.id)}&status=active`);
    for (let n = students.length; n < 30; n++) {
      const created = await request.post(`/api/v1/students`, {
        headers,
        data: { halqa_id: halqa!.id, full_name: `Zz Class Student ${String(n + 1).padStart(2, "0")}` },
      });
      expect(created.status()).toBe(201);
    }
  }

  test("marks of 30 students, half made offline and kept across a reload, all reach the server", async ({
    teacherPage: page,
    request,
  }, info) => {
    test.skip(info.project.name !== "tablet", "the tablet journey");
    await ensureThirty(request);
    const sessionId = await openFreshRegister(page, HALQA, `live thirty ${Date.now()}`);
    const names = await studentNames(page);
    expect(names.length).toBeGreaterThanOrEqual(30);

    const rest = await presentHalfOffline(page, names, Math.floor(names.length / 2), true);
    await expect(page.getByText(`${rest.length} changes waiting`)).toBeVisible();

    // The reload while offline is served by the service worker: the register, with the marks still waiting.
    await page.reload();
    await expect(page.getByText(`${rest.length} changes waiting`)).toBeVisible();
    await expect(counts(page)).toContainText("Everyone is marked");
    await backOnline(page);
    await expect
      .poll(async () => names.length - (await presentAtSchool(request, sessionId)), { timeout: 20_000 })
      .toBe(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("installable, and honest about old pending work", () => {
  test("the web app manifest names the app and its 192 and 512 px icons, maskable too", async ({ request }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: "Halqa dashboard", start_url: "/today", display: "standalone" });
    for (const sizes of ["192x192", "512x512"]) {
      for (const purpose of ["any", "maskable"]) {
        const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
        expect(icon, `${sizes} ${purpose}`).toBeDefined();
        const image = await request.get(icon!.src);
        expect(image.headers()["content-type"]).toBe("image/png");
      }
    }
  });

  test("work kept in the browser since an earlier day is announced on the today page", async ({
    teacherPage: page,
    request,
  }) => {
    const school = (await (
      await request.get("/api/v1/school", { headers: { Authorization: `Bearer ${API_KEY}` } })
    ).json()) as { data: { id: string; time_zone: string } };
    await page.goto("/today");
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(15, 0, 0, 0);
    // A queue record as the live screen stores it (lib/features/live/outbox/store.ts), left from yesterday.
    await page.evaluate(
      ({ tenantId, at }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("halqa-live", 1);
          open.onupgradeneeded = () =>
            open.result
              .createObjectStore("queues", { keyPath: ["tenantId", "sessionId"] })
              .createIndex("tenantId", "tenantId", { unique: false });
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction("queues", "readwrite");
            const mark = (student_id: string) => ({
              student_id,
              value: { status: "present", late_minutes: null, note: null },
              version: at,
              state: "pending",
              changedAt: at,
            });
            tx.objectStore("queues").put({
              v: 1,
              tenantId,
              sessionId: "ses_left_yesterday",
              deviceId: "d",
              counter: at,
              marks: [mark("stu_a"), mark("stu_b")],
              recitations: [],
              savedAt: at,
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      { tenantId: school.data.id, at: yesterday.getTime() },
    );
    await page.reload();
    const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: school.data.time_zone }).format(
      yesterday,
    );
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: `2 changes from ${date} still waiting to be sent — keep this tablet online.` }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the register" })).toHaveAttribute(
      "href",
      "/sessions/ses_left_yesterday/live",
    );
  });
});

test.describe("ending and read-only", () => {
  test("a teacher ends the session from the register after a summary and a confirmation, not while changes wait", async ({
    teacherPage: page,
    request,
  }, info) => {
    const touch = info.project.name === "tablet";
    const sessionId = await openFreshRegister(page, TEACHER_HALQAS[0]!, `live end ${info.project.name} ${Date.now()}`);
    const names = await studentNames(page);
    await tap(page, statusButton(page, names[0]!, "Present"), touch);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 15_000 });

    await page.context().setOffline(true);
    await tap(page, statusButton(page, names[1]!, "Absent"), touch);
    await tap(page, page.getByText("End session", { exact: true }), touch);
    const summary = page.getByRole("region", { name: "Summary before ending" });
    await expect(summary).toContainText("1 change is not saved yet.");
    await expect(summary.getByRole("button", { name: "End the session now" })).toBeDisabled();

    await page.context().setOffline(false);
    await expect(page.getByText("All changes saved")).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByRole("listitem").filter({ hasText: /^Present: / })).toHaveText("Present: 1");
    await expect(summary.getByRole("listitem").filter({ hasText: /^Absent: / })).toHaveText("Absent: 1");
    await expect(summary.getByRole("listitem").filter({ hasText: /^Not marked: / })).toHaveText(
      `Not marked: ${names.length - 2}`,
    );
    await expect(summary.getByRole("listitem").filter({ hasText: /^Recitations recorded: / })).toHaveText(
      "Recitations recorded: 0",
    );
    // At the top of the page: scrolled down, the sticky counts bar lies over the first rows, which axe counts as obscured targets.
    await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);

    await summary.getByRole("checkbox", { name: "I have checked the register: end this session" }).check();
    await tap(page, summary.getByRole("button", { name: "End the session now" }), touch);
    await expect(page).toHaveURL(new RegExp(`/sessions/${encodeURIComponent(sessionId)}\\?ended=1$`));
    const session = (await (
      await request.get(`/api/v1/sessions/${encodeURIComponent(sessionId)}`, {
        headers: { Authorization: `Bearer ${API_KEY}` },
      })
    ).json()) as { data: { status: string } };
    expect(session.data.status).toBe("ended");

    await page.goto(`/sessions/${encodeURIComponent(sessionId)}/live`);
    await expect(page.getByText("This register is read-only: the session has ended.")).toBeVisible();
    await expect(page.getByText("End session", { exact: true })).toHaveCount(0);
  });
});

test.describe("an ineligible sheikh", () => {
  test("a session whose sheikh is no longer eligible cannot be ended from the register, and says why", async ({
    adminPage: page,
    request,
  }, info) => {
    // Changes a sheikh of the shared school for a moment: one project only, and a sheikh other specs do not pick.
    test.skip(info.project.name !== "desktop", "changes a shared sheikh's eligibility");
    const sheikhs = await allOf<{ id: string; name: string; halqa_ids: string[] }>(request, "/sheikhs");
    const sheikh = sheikhs
      .filter((s) => s.halqa_ids.length > 0 && !["Abdullah Al-Harbi", "Saleh Al-Mutairi"].includes(s.name))
      .at(-1)!;
    const created = await request.post("/api/v1/sessions", {
      headers: { Authorization: `Bearer ${API_KEY}`, "Idempotency-Key": `ineligible-${Date.now()}` },
      data: { halqa_id: sheikh.halqa_ids[0], sheikh_id: sheikh.id, topic: "ineligible sheikh" },
    });
    expect(created.status()).toBe(201);
    const session = ((await created.json()) as { data: { id: string } }).data;
    await schoolAdmin(request, "set-sheikh-status", { sheikhId: sheikh.id, status: "inactive" });
    try {
      await page.goto(`/sessions/${encodeURIComponent(session.id)}/live`);
      await expect(page.getByText(/^Ending: the sheikh leading this session is no longer eligible/)).toBeVisible();
      // Marks are still taken: eligibility of a mark is the student's (spec rule 3).
      await expect(page.getByRole("button", { name: "Mark the rest present" })).toBeEnabled();
    } finally {
      await schoolAdmin(request, "set-sheikh-status", { sheikhId: sheikh.id, status: "active" });
    }
  });
});
