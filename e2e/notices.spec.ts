import ar from "../messages/ar/notices.json" with { type: "json" };
import en from "../messages/en/notices.json" with { type: "json" };
import type { Page } from "@playwright/test";
import { expect, signedInContext, storageStateFor, test } from "./fixtures";
import { catalogues } from "./languages";
import { timeOfDayIn } from "../lib/dates";
import { DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import type { School } from "../lib/contract";
import { allOf, expectNoAxeViolations, sentAgainOnReset, v1 } from "./api";
import { activeSemester, halqaMeetingToday } from "./timetable-fixtures";
import {
  createAdmin,
  createParent,
  createTeacher,
  endInDashboard,
  expectFamilySafe,
  expectWeekAsTheApiHasIt,
  isWeekly,
  pickHalqa,
  SmtpSink,
  takeRegister,
} from "./notices-fixtures";

/**
 * Messages to families over a real SMTP server on loopback (smtp-server, started and stopped here on
 * the port the main server's SMTP_URL names, playwright.config.ts). Registers are taken through the
 * school's API (as its own application would) and ended in the dashboard.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_SMTP_PORT);
const sink = new SmtpSink(PORT);
const mailsTo = (email: string) => sink.to(email);
/** Absence notices only: a weekly summary may go out on the school's day while the tests run. */
const absencesTo = (email: string) => sink.to(email).filter((mail) => !isWeekly(mail));

type Halqa = Awaited<ReturnType<typeof halqaMeetingToday>>;
/** Made by the first test, checked by the last two (serial): the job's runs meanwhile overlap the tests between. */
let reminder: { teacher: string; halqa: Halqa } | undefined;
let summary: { admin: string; halqa: Halqa; sheikh: string } | undefined;
/** The admins' summary time is 00:00 until the summary's test (or, when it did not run, afterAll) puts 20:00 back. */
let summaryTimeChanged = false;

async function saveSummaryTime(page: Page, time: string) {
  await page.goto("/admin/messages");
  const times = page.getByRole("region", { name: en.admin.times.title });
  await times.getByLabel(en.admin.times.summaryTime).fill(time);
  await times.getByRole("button", { name: en.admin.times.save }).click();
  await expect(times.getByText(en.admin.saved)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("region", { name: en.admin.times.title }).getByLabel(en.admin.times.summaryTime),
  ).toHaveValue(time);
  summaryTimeChanged = time !== "20:00";
}

test.afterAll(async ({ browser }) => {
  if (summaryTimeChanged) {
    const context = await browser.newContext({ storageState: storageStateFor("admin") });
    await saveSummaryTime(await context.newPage(), "20:00").finally(() => context.close());
  }
  await sink.stop();
});

// The notices job runs every 10 s on the main server (playwright.config.ts; a minute by default). The reminder's and the summary's tests wait for one
// of its runs after their halqa exists: made here, first, those runs happen while the tests in between
// run, and the last two tests find what the job sent.
test("first: a new teacher's halqa whose register is missing 20 minutes after its timetabled start, and the admins' summary from 00:00 with a new admin and a halqa missing since then", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  test.setTimeout(180_000);
  if (!sink.running) await sink.start();
  const s = await activeSemester(request);
  // A start 20 minutes ago on the school's clock (to the minute), today: the register falls due now.
  const start = timeOfDayIn(s.timeZone, new Date(Date.now() - 20 * 60_000));
  test.skip(
    timeOfDayIn(s.timeZone, new Date()) < "00:21",
    "the reminder's start would be yesterday's; a register falls due 20 minutes after its start: before 00:20 none of today's is missing",
  );
  const sheikh = (await allOf<{ id: string; name: string }>(request, "/sheikhs"))
    .filter((row) => row.name !== DEMO_TEACHER_SHEIKH_NAME)
    .at(-1)!;
  const teacher = await createTeacher(page, sheikh.name, "Arabic");
  const late = await halqaMeetingToday(
    page,
    request,
    s,
    `Reminder circle ${Date.now().toString(36)}`,
    sheikh.id,
    start,
  );
  reminder = { teacher, halqa: late };

  // From 00:00 of the school's day instead of 20:00 (the default). A new admin has had no summary
  // today, so the job's next run sends them one.
  const missing = await halqaMeetingToday(
    page,
    request,
    await activeSemester(request),
    `Summary circle ${Date.now().toString(36)}`,
    sheikh.id,
    "00:00",
  );
  await saveSummaryTime(page, "00:00");
  summary = { admin: await createAdmin(page, "English"), halqa: missing, sheikh: sheikh.name };
});

test("a register ended with one absence sends one message to the linked parent, in their language; one click unsubscribes; a mail server down then up loses nothing", async ({
  adminPage: page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  // The notices job runs every 10 s here, its first retry after 10 s (playwright.config.ts; defaults 60 and 60): step 4 waits for them.
  test.setTimeout(360_000);
  if (!sink.running) await sink.start();
  const f = await pickHalqa(request);
  const childName = f.child.preferred_name || f.child.full_name;
  const arabicParent = await createParent(page, f.child, "Arabic");

  // 1. The register, ended in the dashboard: exactly one message, in Arabic, right child and date.
  const first = await takeRegister(request, f, 50);
  await endInDashboard(page, first.id);
  await expect.poll(() => absencesTo(arabicParent).length, { timeout: 30_000 }).toBe(1);
  const mail = absencesTo(arabicParent)[0]!;
  expect(mail.subject).toContain(`غاب ${childName}`);
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.html).toContain('lang="ar"');
  expect(mail.text).toContain(childName);
  expect(mail.text).not.toContain(f.other.full_name);
  expect(mail.text).toMatch(/1448|1449/); // the Hijri year beside the Gregorian date (Western digits: the default)
  expect(mail.from?.text).toContain("no-reply@alnoor.test");
  expectFamilySafe(mail, first.id);
  const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? "";
  expect(header("list-unsubscribe-post")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i);
  const unsubscribe = /<([^>]+)>/.exec(header("list-unsubscribe"))?.[1];
  expect(unsubscribe).toContain("/api/notices/unsubscribe?token=");

  // The link opened in a browser, signed in nowhere: a page in the message's language under the school's
  // name as the message gives it, in the app's look (its style allowed by the page's CSP), asking first.
  const school = await v1<School>(request, "get", "/school");
  const visitor = await browser.newContext();
  try {
    const opened = await visitor.newPage();
    const { pathname, search } = new URL(unsubscribe!);
    const served = (await opened.goto(`${pathname}${search}`))!.headers();
    expect(served["x-content-type-options"]).toBe("nosniff");
    expect(served["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; .*frame-ancestors 'none'$/,
    );
    await expect(opened.locator("html")).toHaveAttribute("lang", "ar");
    await expect(opened.getByRole("heading", { level: 1, name: ar.unsubscribe.title })).toBeVisible();
    await expect(opened.getByText(school.name_ar ?? school.name, { exact: true })).toBeVisible();
    const stop = opened.getByRole("button", { name: ar.unsubscribe.button });
    const look = await stop.evaluate((button) => ({
      body: getComputedStyle(document.body).fontFamily,
      height: button.getBoundingClientRect().height,
    }));
    expect(look.body).toContain("system-ui");
    expect(look.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(opened);
  } finally {
    await visitor.close();
  }

  // 2. One-click unsubscribe (RFC 8058), as a mail client posts it: no sign-in, no cookie.
  // A reset kept-alive connection is sent again, as a mail client would (e2e/api.ts).
  const clicked = await sentAgainOnReset(() =>
    request.fetch(unsubscribe!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    }),
  );
  expect(clicked.status()).toBe(200);
  expect(await clicked.text()).toContain(arabicParent);
  const forged = await sentAgainOnReset(() =>
    request.fetch(unsubscribe!.replace(/token=[^.]+/, "token=eyJmb3JnZWQi"), {
      method: "POST",
      data: "List-Unsubscribe=One-Click",
    }),
  );
  expect(forged.status()).toBe(400);

  // 3. Other parents of the same child (English, Urdu, French); the unsubscribed one gets nothing more.
  const englishParent = await createParent(page, f.child, "English");
  const others = { ur: await createParent(page, f.child, "Urdu"), fr: await createParent(page, f.child, "French") };
  const second = await takeRegister(request, f, 40);
  await endInDashboard(page, second.id);
  await expect.poll(() => absencesTo(englishParent).length, { timeout: 30_000 }).toBe(1);
  expect(absencesTo(englishParent)[0]!.subject).toContain(`${childName} was absent from the halqa`);
  expect(absencesTo(englishParent)[0]!.html).toContain('dir="ltr"');
  expectFamilySafe(absencesTo(englishParent)[0]!, second.id);
  for (const [locale, parent] of Object.entries(others)) {
    await expect.poll(() => absencesTo(parent).length, { timeout: 30_000 }).toBe(1);
    const message = absencesTo(parent)[0]!;
    // The subject is the catalogue's, around the date (formatted in the language).
    const subject = catalogues[locale]!("notices").mail.absenceSubject as string;
    for (const part of subject.replace("{child}", childName).split("{date}"))
      expect(message.subject).toContain(part.trim());
    expect(message.html).toContain(`lang="${locale}"`);
    expect(message.html).toContain(`dir="${locale === "ur" ? "rtl" : "ltr"}"`);
    expectFamilySafe(message, second.id);
  }
  expect(absencesTo(arabicParent)).toHaveLength(1);

  // 4. The mail server is down when the third register ends: the message waits, then goes once.
  await sink.stop();
  const third = await takeRegister(request, f, 30);
  await endInDashboard(page, third.id);
  await page.goto("/admin/messages");
  const waiting = page
    .getByRole("table", { name: en.admin.recentCaption })
    .getByRole("row")
    .filter({ hasText: englishParent })
    .filter({ hasText: en.admin.statuses.pending });
  await expect(async () => {
    await page.reload();
    await expect(waiting).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await sink.start();
  await expect.poll(() => absencesTo(englishParent).length, { timeout: 180_000, intervals: [2_000] }).toBe(2);
  const ids = absencesTo(englishParent).map((m) => m.messageId);
  expect(new Set(ids).size).toBe(2);
  await expect(async () => {
    await page.reload();
    await expect(waiting).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(absencesTo(englishParent)).toHaveLength(2);
  expect(absencesTo(arabicParent)).toHaveLength(1);

  // The admin's page: each kind's switch, counts per day, and the demo's preview of a message.
  await expect(page.getByRole("heading", { level: 1, name: en.admin.title })).toBeVisible();
  await expect(
    page.getByRole("button", { name: en.admin.turnOff.replace("{kind}", en.admin.kinds.absence) }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: en.admin.daysCaption })).toBeVisible();
  await page
    .getByRole("link", { name: en.admin.previewLabel.replace("{email}", englishParent) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: en.admin.previewTitle })).toBeVisible();
  await expect(page.frameLocator("iframe").getByText(`${childName} was marked absent`)).toBeVisible();
});

test("a parent chooses their messages and language on the family page; the admin sees the choice; an absence then reaches only the parents who want it", async ({
  adminPage: page,
  request,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  test.setTimeout(180_000);
  if (!sink.running) await sink.start();
  const f = await pickHalqa(request);
  const quiet = await createParent(page, f.child, "English");
  const quietAdminPage = page.url();
  const control = await createParent(page, f.child, "English");

  // The parent, in their own browser: both kinds on by default; absence off, Arabic on.
  const { page: family, close } = await signedInContext(browser, quiet, "a long initial password");
  await expect(family).toHaveURL(/\/family$/);
  const choices = family.getByRole("region", { name: en.choices.title });
  await expect(choices.getByText(quiet)).toBeVisible();
  await expect(choices.getByRole("checkbox", { name: en.choices.absence })).toBeChecked();
  await expect(choices.getByRole("checkbox", { name: en.choices.weekly })).toBeChecked();
  await choices.getByRole("checkbox", { name: en.choices.absence }).uncheck();
  await choices.getByRole("combobox", { name: en.choices.language }).selectOption({ label: "العربية" });
  await choices.getByRole("button", { name: en.choices.save }).click();
  const arabicChoices = family.getByRole("region", { name: ar.choices.title });
  await expect(arabicChoices.getByText(ar.choices.saved)).toBeVisible();
  await expect(family.locator("html")).toHaveAttribute("lang", "ar");
  await expect(arabicChoices.getByRole("checkbox", { name: ar.choices.absence })).not.toBeChecked();
  await expect(arabicChoices.getByRole("checkbox", { name: ar.choices.weekly })).toBeChecked();
  await close();

  // The admin's page of that parent says the same.
  await page.goto(quietAdminPage);
  const seen = page.getByRole("region", { name: en.parent.title });
  await expect(
    seen.getByRole("row", { name: new RegExp(`${en.admin.kinds.absence}\\s+${en.admin.off}`) }),
  ).toBeVisible();
  await expect(seen.getByRole("row", { name: new RegExp(`${en.admin.kinds.weekly}\\s+${en.admin.on}`) })).toBeVisible();
  await expect(seen.getByText("العربية")).toBeVisible();
  await expect(seen.getByText(en.parent.never)).toBeVisible();

  // An absence: the parent who kept the notices gets one; the one who turned them off gets none.
  const register = await takeRegister(request, f, 20);
  await endInDashboard(page, register.id);
  await expect.poll(() => absencesTo(control).length, { timeout: 60_000 }).toBe(1);
  expect(absencesTo(quiet)).toHaveLength(0);
});

test("this week's summary, sent now by the admin, lists the week's marks and recitations as the school's API has them, and nothing staff-only", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  test.setTimeout(120_000);
  if (!sink.running) await sink.start();
  // A halqa of its own: registers other specs take meanwhile in the first one cannot change this week.
  const f = await pickHalqa(request, () => true, 1);
  const parent = await createParent(page, f.child, "English");
  await page.goto("/admin/messages");
  await page.getByRole("button", { name: en.admin.weeklyNow }).click();
  await expect.poll(() => mailsTo(parent).filter(isWeekly).length, { timeout: 60_000 }).toBe(1);
  const mail = mailsTo(parent).filter(isWeekly)[0]!;
  expectFamilySafe(mail, "no-session-id");

  await expectWeekAsTheApiHasIt(request, mail, f);
});

test("a halqa whose register is missing 20 minutes after its timetabled start: its teacher gets one reminder, in their language, naming the halqa", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  test.skip(!reminder, "the first test made no halqa: the start would be yesterday's");
  test.setTimeout(180_000);
  if (!sink.running) await sink.start();
  const { teacher, halqa } = reminder!;

  // The notices job comes round (every 10 s here); the reminder names this halqa (the sheikh may have others).
  const reminders = () => mailsTo(teacher).filter((mail) => mail.subject?.includes(halqa.name));
  await expect.poll(() => reminders().length, { timeout: 150_000 }).toBe(1);
  const mail = reminders()[0]!;
  expect(mail.subject).toContain(ar.staff.reminderSubject.split(":")[0]);
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.text).toContain(ar.staff.reminderBody.split("{halqa}")[0]!.trim());
  expect(mail.text).toContain("/today");
});

test("the admins' summary of the day's missing registers goes out from the time the school chose, naming each missing halqa and its teacher", async ({
  adminPage: page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one SMTP port: the desktop project runs it");
  test.skip(!summary, "the first test changed no summary time: before 00:20 none of today's registers is missing");
  test.setTimeout(240_000);
  if (!sink.running) await sink.start();
  const { admin, halqa, sheikh } = summary!;
  try {
    const summaries = () => mailsTo(admin).filter((mail) => mail.text?.includes(halqa.name));
    await expect.poll(() => summaries().length, { timeout: 150_000 }).toBe(1);
    const mail = summaries()[0]!;
    expect(mail.subject).toMatch(/registers? missing on/);
    expect(mail.text).toContain(`${halqa.name}, `);
    expect(mail.text).toContain(sheikh);
    expect(mail.text).toContain("/admin");
  } finally {
    await saveSummaryTime(page, "20:00");
  }
});
