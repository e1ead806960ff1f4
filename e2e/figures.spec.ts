import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { AttendanceRow, Session, Student } from "../lib/contract";
import { formatNumber, translator, type Locale } from "../lib/i18n/core";
import adminEn from "../messages/en/admin.json" with { type: "json" };
import { allOf, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";
import { linkFirstPlannedChild, signedInInArabic, submitNewUser } from "./users";
import { DEMO_KEYS } from "../school-api/seed-facts";
import {
  expectedAttendance,
  expectedMemorised,
  type ExpectedAttendance,
  type HalqaRecords,
} from "../tests/support/features/progress/figures-oracle";

/**
 * Issue 23, point 1 and 7: each figure a page shows is the one docs/progress.md defines, counted here
 * independently from the school's API records (read with the demo key): one student's page in
 * English and in Arabic, the halqa page's reasons, and the family page; the family page is calm (no
 * jargon), practice first, and fits a phone. Every student's figures are checked the same way, without
 * a browser, in lib/features/progress/page-figures.test.ts.
 */
type Range = { start: { surah: number; ayah: number }; end: { surah: number; ayah: number } };

const KEY = { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };
const PASSWORD = "a long initial password";
const JARGON = /sync|read model|write access|mirror|lineage|مزامنة|نموذج قراءة|صلاحية الكتابة/i;

async function schoolOf(request: APIRequestContext) {
  const body = (await (await request.get("/api/v1/school", { headers: KEY })).json()) as {
    data: { name: string; time_zone: string };
  };
  return {
    ...body.data,
    today: new Intl.DateTimeFormat("en-CA", { timeZone: body.data.time_zone }).format(new Date()),
  };
}

/** A halqa's sessions up to today with every attendance row, read in parallel (one read serves every student of it). */
async function halqaRecords(request: APIRequestContext, halqaId: string, today: string): Promise<HalqaRecords> {
  const sessions = (await allOf<Session>(request, `/sessions?halqa_id=${halqaId}`)).filter(
    (s) => s.halqa_id === halqaId && s.date <= today,
  );
  const rows = (
    await Promise.all(sessions.map((s) => allOf<AttendanceRow>(request, `/sessions/${s.id}/attendance`)))
  ).flat();
  return { sessions, rows };
}
async function attendanceOf(request: APIRequestContext, student: Student, today: string) {
  return expectedAttendance(await halqaRecords(request, student.halqa_id, today), student);
}

/** The words a page must show for those figures, in the reader's language (the catalogue's own templates). */
function attendanceWords(locale: Locale, facts: ExpectedAttendance) {
  const t = translator(locale);
  const n = (value: number) => formatNumber(locale, value);
  const rate = facts.counted
    ? t("quranMap.attendance.rateValue", {
        percent: n(Math.floor((facts.attended * 100) / facts.counted)),
        attended: n(facts.attended),
        count: facts.counted,
        missed: n(facts.missed),
      })
    : t("quranMap.attendance.noRate");
  const streak = facts.streak
    ? t(`quranMap.attendance.${facts.streak.kind as "attended" | "missed"}`, { count: facts.streak.sessions })
    : t("quranMap.attendance.noStreak");
  return { rate, streak };
}

/** Ayahs memorised, from every recitation of the student's records. */
async function memorisedOf(request: APIRequestContext, lineageId: string) {
  const surahs = (await (await request.get("/api/v1/surahs", { headers: KEY })).json()) as {
    data: { number: number; ayah_count: number }[];
  };
  const records = await allOf<Student>(request, `/students?lineage_id=${lineageId}`);
  const recitations = (
    await Promise.all(records.map((record) => allOf<{ range: Range }>(request, `/students/${record.id}/recitations`)))
  ).flat();
  return expectedMemorised(surahs.data, recitations);
}

async function arabicUser(admin: Page, browser: Browser, role: "admin" | "parent", label: string) {
  const email = `figures-${role}-${label}-${Date.now().toString(36)}@example.org`;
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: adminEn.users.add }).click();
  await submitNewUser(admin, {
    name: role === "admin" ? `مشرف ${label}` : `ولي أمر ${label}`,
    email,
    role: adminEn.roles[role],
    language: { label: "Arabic" },
    password: PASSWORD,
  });
  await expect(admin.getByRole("heading", { level: 1 })).toContainText(role === "admin" ? "مشرف" : "ولي أمر");
  return {
    email,
    open: (viewport?: { width: number; height: number }) =>
      signedInInArabic(browser, email, PASSWORD, viewport ? { viewport } : {}),
  };
}

/** Students of a running halqa with different stories: a run of absences, chronic absence, a run of attendance. */
async function pickStudents(request: APIRequestContext, today: string): Promise<Student[]> {
  const ended = (await allOf<Session>(request, "/sessions")).filter((s) => s.status === "ended");
  const halqaId = ended.toSorted((a, b) => b.date.localeCompare(a.date))[0]!.halqa_id;
  const roster = (await allOf<Student>(request, `/students?halqa_id=${halqaId}`)).filter(
    (s) => s.halqa_id === halqaId && s.status === "active",
  );
  const records = await halqaRecords(request, halqaId, today);
  const wanted = [
    (f: ExpectedAttendance) => f.streak?.kind === "missed" && f.streak.sessions >= 2,
    (f: ExpectedAttendance) => f.counted >= 5 && f.missed / f.counted >= 0.1,
    (f: ExpectedAttendance) => f.streak?.kind === "attended",
  ];
  const picked: Student[] = [];
  for (const want of wanted) {
    const found = roster.find((student) => !picked.includes(student) && want(expectedAttendance(records, student)));
    if (found) picked.push(found);
  }
  expect(picked.length, "the demo halqa has students with different attendance stories").toBeGreaterThanOrEqual(2);
  return picked;
}

/** The student page's attendance and map figures against the API's records (retried: other tests mark attendance meanwhile). */
async function expectStudentPage(page: Page, request: APIRequestContext, student: Student, locale: Locale) {
  const t = translator(locale);
  await expect(async () => {
    const { today } = await schoolOf(request);
    const [facts, memorised] = await Promise.all([
      attendanceOf(request, student, today),
      memorisedOf(request, student.lineage_id),
    ]);
    const words = attendanceWords(locale, facts);
    await page.goto(`/students/${student.id}`);
    const attendance = page.getByRole("region", { name: t("students.attendance.title"), exact: true });
    await expect(attendance.getByText(words.rate, { exact: true })).toBeVisible({ timeout: 5_000 });
    await expect(attendance.getByText(words.streak, { exact: true })).toBeVisible({ timeout: 1_000 });
    const map = page.getByRole("region", { name: t("quranMap.title"), exact: true });
    await expect(map.getByText(new RegExp(`^${formatNumber(locale, memorised.percent)}\\s?[%٪]`))).toContainText(
      formatNumber(locale, memorised.ayahs),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 90_000 });
}

test.describe("one truth per figure", () => {
  test("the student page's attendance and memorised figures, and the halqa page's reasons, are the API's records counted as documented — in English and Arabic", async ({
    adminPage,
    browser,
    request,
  }, info) => {
    test.setTimeout(420_000);
    const { today } = await schoolOf(request);
    const students = await pickStudents(request, today);
    const arabic = await arabicUser(adminPage, browser, "admin", info.project.name);
    const arPage = await arabic.open();
    // One student's page in each language: a run of absences in English, chronic absence in Arabic.
    await expectStudentPage(adminPage, request, students[0]!, "en");
    await expectStudentPage(arPage, request, students[1]!, "ar");
    // The halqa page names a missed run and chronic absence with the same numbers.
    const t = translator("en");
    await expect(async () => {
      await adminPage.goto(`/halqas/${students[0]!.halqa_id}`);
      const records = await halqaRecords(request, students[0]!.halqa_id, (await schoolOf(request)).today);
      for (const student of students) {
        const facts = expectedAttendance(records, student);
        const names = [student.full_name, student.preferred_name?.trim()]
          .filter(Boolean)
          .map((n) => n!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
        const item = adminPage
          .getByRole("main")
          .getByRole("listitem")
          .filter({ has: adminPage.getByRole("link", { name: new RegExp(`^(${names.join("|")})$`) }) });
        if (facts.streak?.kind === "missed" && facts.streak.sessions >= 2)
          await expect(item.first()).toContainText(t("glance.attention.streak", { sessions: facts.streak.sessions }), {
            timeout: 2_000,
          });
        if (facts.counted >= 5 && facts.missed / facts.counted >= 0.1)
          await expect(item.first()).toContainText(
            t("glance.attention.chronic", { missed: facts.missed, counted: facts.counted }),
            { timeout: 2_000 },
          );
      }
    }).toPass({ timeout: 90_000 });
    await expectNoAxeViolations(arPage);
    await arPage.context().close();
  });
});

/** The family page of each child of a parent page: figures from the API, practice first, no jargon, tables that fit. */
async function expectFamilyPage(page: Page, request: APIRequestContext, locale: Locale) {
  const t = translator(locale);
  const school = await schoolOf(request);
  const [active] = await allOf<{ id: string }>(request, "/semesters?status=active");
  await page.goto("/family");
  const links = page.getByRole("navigation", { name: t("family.childrenNav") }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const lineage = href.split("/").pop()!;
    const records = await allOf<Student>(request, `/students?lineage_id=${lineage}`);
    const child = records.find((r) => r.semester_id === active!.id) ?? records[0]!;
    await expect(async () => {
      const words = attendanceWords(locale, await attendanceOf(request, child, (await schoolOf(request)).today));
      await page.goto(href);
      const glance = page.getByRole("region", { name: t("quranMap.family.summary"), exact: true });
      await expect(glance.getByText(words.rate, { exact: true })).toBeVisible({ timeout: 5_000 });
      await expect(glance.getByText(words.streak, { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });

    // What to practise comes first.
    await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
      t("family.assignments.title"),
    );
    await expect(page.getByRole("main")).not.toContainText(JARGON);
    // The child's name and the school's name are isolated and whole.
    const name = page.getByRole("heading", { level: 1 });
    expect(await name.evaluate((h) => h.querySelector("bdi")?.textContent ?? "")).toBe(
      child.preferred_name || child.full_name,
    );
    // The header's first link is the school's name (in Arabic, the school's Arabic name when it has one).
    const schoolLink = page.getByRole("banner").getByRole("link").first();
    await expect(schoolLink).toBeVisible();
    if (locale === "en") await expect(schoolLink).toHaveText(school.name);
    expect(
      await schoolLink.evaluate(
        (a) =>
          a.scrollWidth <= a.clientWidth + 1 &&
          a.getBoundingClientRect().right <= window.innerWidth + 1 &&
          a.getBoundingClientRect().left >= -1,
      ),
    ).toBe(true);
    // Every visible table fits the page, or scrolls in a labelled, focusable region that says so.
    for (const table of await page.getByRole("main").getByRole("table").all()) {
      if (!(await table.isVisible())) continue;
      const fits = await table.evaluate(
        (el) =>
          el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1 &&
          el.getBoundingClientRect().right <= document.documentElement.clientWidth + 1,
      );
      const scrolls = await table.evaluate(
        (el) => el.parentElement?.getAttribute("role") === "region" && el.parentElement.tabIndex === 0,
      );
      expect(
        fits || scrolls,
        `table "${(await table.getAttribute("aria-label")) ?? (await table.textContent())?.slice(0, 40)}" fits or scrolls visibly`,
      ).toBe(true);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      "the page does not scroll sideways",
    ).toBe(true);
    await expectNoAxeViolations(page);
  }
}

test.describe("the family page, calm and clear", () => {
  test("figures from the API, practice first, no jargon — English", async ({ parentPage: page, request }) => {
    test.setTimeout(420_000);
    await expectFamilyPage(page, request, "en");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("English and Arabic: the school's name whole, names isolated, every table fits", async ({
      parentPage,
      adminPage,
      browser,
      request,
    }, info) => {
      test.setTimeout(420_000);
      await expectFamilyPage(parentPage, request, "en");
      const arabic = await arabicUser(adminPage, browser, "parent", `${info.project.name}-phone`);
      await linkFirstPlannedChild(adminPage, request);
      const page = await arabic.open({ width: 390, height: 844 });
      await expectFamilyPage(page, request, "ar");
      await page.context().close();
    });
  });
});
