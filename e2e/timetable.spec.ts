import type { Page } from "@playwright/test";
import adminEn from "../messages/en/admin.json" with { type: "json" };
import ar from "../messages/ar/overview.json" with { type: "json" };
import en from "../messages/en/overview.json" with { type: "json" };
import navEn from "../messages/en/nav.json" with { type: "json" };
import { addDays, dateIn, timeOfDayIn } from "../lib/dates";
import { allOf } from "./api";
import { expect, test } from "./fixtures";
import { activeSemester, type Halqa } from "./timetable-fixtures";
import { addArabicAdmin } from "./users";

/**
 * The timetable of halqas (issue 25, point 1): the dashboard's own data. The suggestion is checked
 * against the school's own sessions (read here through the API, counted independently of the
 * dashboard's rule); accepting it is one click; bad input is refused on the form in the admin's
 * language; teachers and parents get the 404 of every admin page.
 */
test.describe.configure({ mode: "serial", timeout: 150_000 });

type Session = { id: string; halqa_id: string; date: string; starts_at: string };

/** What the four weeks before today of the school's sessions say, counted here: weekdays met on two dates or more, the lower median start. */
function expectedSuggestion(sessions: Session[], timeZone: string): { weekdays: number[]; start: string } | null {
  const today = dateIn(timeZone);
  const recent = sessions.filter((s) => s.date >= addDays(today, -28) && s.date < today);
  const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const weekdays = [1, 2, 3, 4, 5, 6, 7].filter(
    (day) => new Set(recent.filter((s) => isoDay(s.date) === day).map((s) => s.date)).size >= 2,
  );
  if (!weekdays.length) return null;
  const starts = recent
    .filter((s) => weekdays.includes(isoDay(s.date)))
    .map((s) => timeOfDayIn(timeZone, s.starts_at))
    .sort();
  return { weekdays, start: starts[Math.floor((starts.length - 1) / 2)]! };
}

const shortDays = (locale: string, days: number[]) =>
  days.map((day) =>
    new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day))),
  );
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("a halqa without a timetable gets the suggestion its recent sessions make, accepted in one click", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the admin's screens: desktop");
  const { halqas, timeZone } = await activeSemester(request);
  let chosen: { halqa: Halqa; suggestion: { weekdays: number[]; start: string } } | null = null;
  for (const halqa of halqas) {
    const sessions = (await allOf<Session>(request, `/sessions?halqa_id=${halqa.id}`)).filter(
      (s) => s.halqa_id === halqa.id,
    );
    const suggestion = expectedSuggestion(sessions, timeZone);
    if (suggestion) {
      chosen = { halqa, suggestion };
      break;
    }
  }
  expect(chosen, "a demo halqa that met on one weekday twice in four weeks").not.toBeNull();
  const { halqa, suggestion } = chosen!;

  await page.goto("/today");
  await expect(page.getByRole("navigation").getByRole("link", { name: navEn.timetable, exact: true })).toHaveAttribute(
    "href",
    "/admin/timetable",
  );
  await page.goto("/admin/timetable");
  await expect(page.getByRole("heading", { level: 1, name: en.timetable.title })).toBeVisible({ timeout: 30_000 });
  // The halqa may be on a later page of 25.
  const index = halqas.findIndex((h) => h.id === halqa.id);
  if (index >= 25) await page.goto(`/admin/timetable?page=${Math.floor(index / 25) + 1}`);
  const part = region(page, halqa.name);
  const when = `${shortDays("en", suggestion.weekdays).join(", ")} · ${suggestion.start}`;
  await expect(part.getByText(en.timetable.suggestion.replace("{when}", when))).toBeVisible();
  await part.getByRole("button", { name: en.timetable.acceptFor.replace("{halqa}", halqa.name) }).click();
  // Saved, the suggestion gives way to the timetable.
  await expect(part.getByText(en.timetable.meets.replace("{when}", when))).toBeVisible();
  await page.reload();
  await expect(region(page, halqa.name).getByText(en.timetable.meets.replace("{when}", when))).toBeVisible();

  // Removing it brings the suggestion back.
  await region(page, halqa.name).getByText(en.timetable.edit.replace("{halqa}", halqa.name)).click();
  await region(page, halqa.name)
    .getByRole("button", { name: en.timetable.removeFor.replace("{halqa}", halqa.name) })
    .click();
  await expect(region(page, halqa.name).getByText(en.timetable.none)).toBeVisible();
  await page.reload();
  await expect(region(page, halqa.name).getByText(en.timetable.none)).toBeVisible();
});

test("an admin sets days, start and end; a timetable without a day or ending before it starts is refused on the form", async ({
  adminPage: page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the admin's screens: desktop");
  const { halqas } = await activeSemester(request);
  const halqa = halqas.at(-1)!;
  // Each attempt on a freshly opened editor (a form's fields go back to their defaults after each answer).
  const attempt = async (days: string[], start: string, end: string) => {
    await page.goto(`/admin/timetable?page=${Math.ceil(halqas.length / 25)}`);
    const part = region(page, halqa.name);
    await part.getByText(en.timetable.edit.replace("{halqa}", halqa.name)).click();
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      const box = part.getByRole("checkbox", { name: day });
      if (days.includes(day)) await box.check();
      else await box.uncheck();
    }
    await part.getByLabel(en.timetable.startsAt).fill(start);
    await part.getByLabel(en.timetable.endsAt).fill(end);
    await part.getByRole("button", { name: en.timetable.saveFor.replace("{halqa}", halqa.name) }).click();
    return part;
  };
  await expect((await attempt([], "16:00", "")).getByRole("alert")).toContainText(en.timetable.invalid.noWeekday);
  await expect((await attempt(["Monday", "Wednesday"], "16:00", "15:30")).getByRole("alert")).toContainText(
    en.timetable.invalid.endBeforeStart,
  );
  await expect((await attempt(["Monday", "Wednesday"], "16:00", "17:30")).getByText(en.timetable.saved)).toBeVisible();
  await page.reload();
  await expect(
    region(page, halqa.name).getByText(en.timetable.meets.replace("{when}", "Mon, Wed · 16:00–17:30")),
  ).toBeVisible();

  // Recorded in the audit log under its own name.
  await page.goto("/admin/audit");
  await expect(page.getByRole("table").getByText(adminEn.audit.actions.timetableSave).first()).toBeVisible();
});

test("in Arabic: the page and a timetable read right to left with Arabic day names", async ({
  adminPage: page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the admin's screens: desktop");
  const { halqas } = await activeSemester(request);
  const halqa = halqas.at(-1)!;
  const email = `timetable-ar-${Date.now().toString(36)}@example.org`;
  const { page: arabic, close } = await addArabicAdmin(page, browser, { name: "مدير الجدول", email });
  try {
    await arabic.goto(`/admin/timetable?page=${Math.ceil(halqas.length / 25)}`);
    await expect(arabic.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(arabic.getByRole("heading", { level: 1, name: ar.timetable.title })).toBeVisible();
    const part = region(arabic, halqa.name);
    await expect(
      part.getByText(ar.timetable.meets.replace("{when}", `${shortDays("ar", [1, 3]).join("، ")}، 16:00–17:30`)),
    ).toBeVisible();
    await part.getByText(ar.timetable.edit.replace("{halqa}", halqa.name)).click();
    for (const day of [1, 3])
      await part
        .getByRole("checkbox", {
          name: new Intl.DateTimeFormat("ar", { weekday: "long", timeZone: "UTC" }).format(
            new Date(Date.UTC(2024, 0, day)),
          ),
        })
        .uncheck();
    await part.getByRole("button", { name: ar.timetable.saveFor.replace("{halqa}", halqa.name) }).click();
    await expect(part.getByRole("alert")).toContainText(ar.timetable.invalid.noWeekday);
  } finally {
    await close();
  }
});

test("teachers and parents get the 404 of every admin page", async ({ teacherPage, parentPage }) => {
  expect((await teacherPage.goto("/admin/timetable"))?.status()).toBe(404);
  expect((await parentPage.goto("/admin/timetable"))?.status()).toBe(404);
});
