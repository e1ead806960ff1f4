import type { APIRequestContext, Page } from "@playwright/test";
import en from "../messages/en/overview.json" with { type: "json" };
import { dateIn } from "../lib/dates";
import { DEMO_KEYS, DEMO_TEACHER_SHEIKH_NAME } from "../school-api/seed-facts";
import { allOf, schoolAdmin } from "./api";
import { expect } from "./fixtures";

/** Halqas of their own and their timetables, for the specs of the head's overview and its reminders (Al-Noor). */
export type Halqa = { id: string; name: string; semester_id: string };
const KEY = { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` };

/** Al-Noor's time zone and school date, its active semester and that semester's halqas by name. */
export async function activeSemester(request: APIRequestContext) {
  const body = (await (await request.get("/api/v1/school", { headers: KEY })).json()) as {
    data: { time_zone: string };
  };
  const timeZone = body.data.time_zone;
  const [semester] = (await allOf<{ id: string; status: string }>(request, "/semesters")).filter(
    (s) => s.status === "active",
  );
  const halqas = (await allOf<Halqa>(request, `/halqas?semester_id=${semester!.id}`))
    .filter((h) => h.semester_id === semester!.id)
    .sort((a, b) => a.name.localeCompare(b.name));
  return { timeZone, today: dateIn(timeZone), semesterId: semester!.id, halqas };
}

/**
 * A new halqa of the semester (the school's own operation), taught by `sheikhId` or else an active
 * sheikh other than the demo teacher, with one active student (through v1).
 */
export async function openHalqa(
  request: APIRequestContext,
  semesterId: string,
  name: string,
  sheikhId?: string,
): Promise<Halqa> {
  const sheikh =
    sheikhId ??
    (await allOf<{ id: string; name: string }>(request, "/sheikhs")).find(
      (row) => row.name !== DEMO_TEACHER_SHEIKH_NAME,
    )!.id;
  const created = await schoolAdmin(request, "create-halqa", { semesterId, name, sheikhIds: [sheikh] });
  const { data } = (await created.json()) as { data: { id: string } };
  const student = await request.post("/api/v1/students", {
    headers: KEY,
    data: { halqa_id: data.id, full_name: `Student of ${name}` },
  });
  expect(student.status()).toBe(201);
  return { id: data.id, name, semester_id: semesterId };
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** ISO weekday of a school date: Monday 1 … Sunday 7. */
export const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Sets a halqa's timetable on the Timetable page, as an admin does (`halqas`: the semester's, by name, for its page). */
export async function setTimetable(page: Page, halqas: Halqa[], halqa: Halqa, days: number[], start: string) {
  const index = halqas.findIndex((h) => h.id === halqa.id);
  await page.goto(`/admin/timetable?page=${Math.floor(index / 25) + 1}`);
  const part = page.getByRole("region", { name: halqa.name, exact: true });
  await part.getByText(en.timetable.edit.replace("{halqa}", halqa.name)).click();
  for (const [i, day] of WEEKDAYS.entries()) {
    const box = part.getByRole("checkbox", { name: day });
    if (days.includes(i + 1)) await box.check();
    else await box.uncheck();
  }
  await part.getByLabel(en.timetable.startsAt).fill(start);
  await part.getByLabel(en.timetable.endsAt).fill("");
  await part.getByRole("button", { name: en.timetable.saveFor.replace("{halqa}", halqa.name) }).click();
  await expect(part.getByText(en.timetable.saved)).toBeVisible();
}

/** A new halqa of the active semester `s`, taught by `sheikhId`, on the timetable to meet today from `start`. */
export async function halqaMeetingToday(
  page: Page,
  request: APIRequestContext,
  s: Awaited<ReturnType<typeof activeSemester>>,
  name: string,
  sheikhId: string,
  start: string,
): Promise<Halqa> {
  const halqa = await openHalqa(request, s.semesterId, name, sheikhId);
  await setTimetable(
    page,
    [...s.halqas, halqa].sort((a, b) => a.name.localeCompare(b.name)),
    halqa,
    [isoDay(s.today)],
    start,
  );
  return halqa;
}
