import type { APIRequestContext, Download, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { pdfText } from "../tests/support/features/report-cards/pdf-text";
import { allOf, sentAgainOnReset } from "./api";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/**
 * Issue 25.4: the term report card. The child's teacher (or an admin, if the demo teacher does not
 * teach the child) writes the comment for the family on the student page, downloads the halqa's
 * PDF (one card a page), and the parent downloads their child's card from the family page. Each
 * download's text is read back with pdftotext and checked against the school's API records.
 */
type Student = {
  id: string;
  lineage_id: string;
  full_name: string;
  preferred_name: string | null;
  halqa_id: string;
  semester_id: string;
  enrolled_on: string | null;
};
type Semester = { id: string; status: string };
type Session = { id: string; halqa_id: string; date: string };
type Row = { student_id: string; status: string };
type Sheikh = { name: string; halqa_ids: string[] };

const TEACHER_SHEIKH = "Abdullah Al-Harbi";

/** A card names the child in full, as the school writes it, with the name they are called by beside it (issue 58.2). */
const inFull = (s: Student) =>
  s.preferred_name && !s.full_name.split(" ").includes(s.preferred_name)
    ? `${s.full_name} (${s.preferred_name})`
    : s.full_name;

async function textOf(made: Promise<Download>): Promise<string> {
  const file = await (await made).path();
  return pdfText(new Uint8Array(await readFile(file)));
}

/** The child's attendance counts as the card writes them, from the API's sessions and rows of the record's halqa up to today. */
async function expectedCounts(request: APIRequestContext, student: Student): Promise<string> {
  // A kept-alive connection the server closed is sent again, as allOf does (e2e/api.ts).
  const school = (await (
    await sentAgainOnReset(() =>
      request.get("/api/v1/school", { headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } }),
    )
  ).json()) as { data: { time_zone: string } };
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: school.data.time_zone }).format(new Date());
  const sessions = (await allOf<Session>(request, `/sessions?halqa_id=${student.halqa_id}`)).filter(
    (s) =>
      s.halqa_id === student.halqa_id && s.date <= today && (!student.enrolled_on || s.date >= student.enrolled_on),
  );
  const statuses: string[] = [];
  for (const s of sessions)
    statuses.push(
      ...(await allOf<Row>(request, `/sessions/${s.id}/attendance`))
        .filter((r) => r.student_id === student.id)
        .map((r) => r.status),
    );
  const n = (status: string) => statuses.filter((s) => s === status).length;
  return `Present ${n("present")}, late ${n("late")}, absent ${n("absent")}, excused ${n("excused")}`;
}

/**
 * `make()`'s result with the API's `facts` read just before and just after it, made again (at most
 * three times) while the facts changed in between: then the result was made from one of two states.
 */
async function madeWhileStill<T, F>(make: () => Promise<T>, facts: () => Promise<F>): Promise<F & { value: T }> {
  for (let attempt = 1; ; attempt++) {
    const before = await facts();
    const value = await make();
    const after = await facts();
    if (JSON.stringify(before) === JSON.stringify(after) || attempt === 3) return { ...after, value };
  }
}

async function download(page: Page, name: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  return file;
}

test("a teacher writes the family's comment, downloads the halqa's report cards, and the parent downloads their child's card", async ({
  teacherPage,
  adminPage,
  parentPage,
  request,
}) => {
  test.slow();
  await parentPage.goto("/family");
  const links = parentPage.getByRole("navigation", { name: "Your children" }).getByRole("link");
  const lineages = (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))).map(
    (href) => href.split("/").pop()!,
  );
  const lineage = lineages[0]!;
  const active = (await allOf<Semester>(request, "/semesters")).find((s) => s.status === "active")!.id;
  const child = (await allOf<Student>(request, `/students?lineage_id=${lineage}`)).find(
    (s) => s.semester_id === active,
  )!;
  const classmatesOf = async () =>
    (await allOf<Student>(request, `/students?halqa_id=${child.halqa_id}`)).filter(
      (s) => s.halqa_id === child.halqa_id,
    );
  const teaches = (await allOf<Sheikh>(request, "/sheikhs"))
    .find((s) => s.name === TEACHER_SHEIKH)!
    .halqa_ids.includes(child.halqa_id);
  const staff = teaches ? teacherPage : adminPage;
  const comment = `Memorised Surah An-Naba with care ${Date.now()} بارك الله فيه`;

  // The comment, on the student page, marked as read by parents.
  await staff.goto(`/students/${child.id}`);
  const box = staff.getByRole("textbox", { name: "Comment for the family" });
  await expect(staff.getByText("Parents will read this")).toBeVisible();
  await expect(box).toHaveAccessibleDescription(/Parents will read this/);
  await box.fill(comment);
  await staff.getByRole("button", { name: "Save the comment" }).click();
  await expect(staff.getByText("Comment saved.")).toBeVisible();

  // The halqa's PDF: one card a page, each student's, the child's with the comment and the API's counts.
  await staff.goto(`/halqas/${child.halqa_id}`);
  // Other tests write to the same school meanwhile (a register marks the child, an import adds a classmate):
  // the card is checked against what the API said both before and after it was made.
  const {
    value: halqaText,
    counts,
    classmates,
  } = await madeWhileStill(
    () => textOf(download(staff, "Download the halqa's report cards (PDF)")),
    async () => ({ counts: await expectedCounts(request, child), classmates: await classmatesOf() }),
  );
  const pages = halqaText.split("\f").filter((page) => page.includes("Term report card"));
  expect(pages).toHaveLength(classmates.length);
  // The child's card is the one with the comment (two students may share a name).
  const childPage = pages.find((page) => page.includes("Memorised Surah An-Naba with care"))!;
  expect(childPage).toBeDefined();
  expect(childPage).toContain(`Student: ${inFull(child)}`);
  expect(childPage).toContain(counts);
  for (const word of ["Memorised Surah An-Naba with care", "بارك", "الله", "فيه"]) expect(childPage).toContain(word);

  // The parent's own card, from the family page: their child only.
  await parentPage.goto(`/family/children/${lineage}`);
  const { value: familyText, counts: familyCounts } = await madeWhileStill(
    () => textOf(download(parentPage, "Term report card (PDF)")),
    async () => ({ counts: await expectedCounts(request, child) }),
  );
  expect(familyText.split("\f").filter((page) => page.includes("Term report card"))).toHaveLength(1);
  expect(familyText).toContain(`Student: ${inFull(child)}`);
  expect(familyText).toContain(familyCounts);
  expect(familyText).toContain("Memorised Surah An-Naba with care");
  for (const other of classmates.filter((s) => s.id !== child.id)) expect(familyText).not.toContain(other.full_name);

  // Another family's child: 404, on both routes.
  const stranger = classmates.find((s) => !lineages.includes(s.lineage_id))!;
  expect((await parentPage.request.get(`/students/${stranger.id}/report-card`)).status()).toBe(404);
  expect((await parentPage.request.get(`/family/children/${stranger.lineage_id}/report-card`)).status()).toBe(404);
});

test("the halqa's PDF says it is being made, then that it was downloaded; a refusal says why (issue 58.13)", async ({
  adminPage: page,
  request,
}) => {
  const active = (await allOf<Semester>(request, "/semesters")).find((s) => s.status === "active")!.id;
  const halqa = (await allOf<{ id: string }>(request, `/halqas?semester_id=${active}`))[0]!;
  await page.goto(`/halqas/${halqa.id}`);
  const link = page.getByRole("link", { name: "Download the halqa's report cards (PDF)" });
  const status = link.locator("xpath=..").getByRole("status");
  // The file is held on its way until the page has said it is being made (an event, not a wait).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/report-cards?semester=*", async (route) => {
    await held;
    await route.continue();
  });
  const download = page.waitForEvent("download");
  await link.click();
  await expect(status).toHaveText(/^Making the PDF… \d+ s \(a large halqa takes longer\)$/);
  release();
  expect((await download).suggestedFilename()).toMatch(/^report-cards-.+\.pdf$/);
  await expect(status).toHaveText("Downloaded.");

  // The school refusing: the reason in the reader's words, in the same line (no error page, no empty file).
  await page.unroute("**/report-cards?semester=*");
  await page.route("**/report-cards?semester=*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "text/plain; charset=utf-8",
      body: "The school's system is not answering. Try again in a few minutes.",
    }),
  );
  await link.click();
  await expect(status).toHaveText("The school's system is not answering. Try again in a few minutes.");
});
