import type { APIRequestContext, Page } from "@playwright/test";
import { allOf, everyPage } from "./api";
import { expect, specOnlyTest as test } from "./fixtures";
import { showArchivedSemester } from "./semester-switch";
import en from "../messages/en/notices.json" with { type: "json" };
import overviewEn from "../messages/en/overview.json" with { type: "json" };
import studentsEn from "../messages/en/students.json" with { type: "json" };
import { readFile } from "node:fs/promises";
import { pdfText } from "../tests/support/features/report-cards/pdf-text";
import {
  createParent,
  endInDashboard,
  expectFamilySafe,
  expectWeekAsTheApiHasIt,
  isWeekly,
  pickHalqa,
  SmtpSink,
  takeRegister,
} from "./notices-fixtures";

/**
 * Against a school API that honours only what the spec names (SCHOOL_API_FILTERS=spec-only): our
 * filter names (`halqa_id`, `semester_id`, `lineage_id`, …) are ignored and the API answers with
 * every record. The dashboard must still show only the records that belong (invariant 7). The
 * expected records are read from the API and filtered here by their own fields.
 */
type Student = {
  id: string;
  lineage_id: string;
  semester_id: string;
  halqa_id: string;
  full_name: string;
  preferred_name: string | null;
  status: string;
};
type Halqa = { id: string; name: string; semester_id: string };
type Session = { id: string; halqa_id: string; status: string; date: string };
type Semester = { id: string; status: string; name: string };

const idsOf = (records: readonly { id: string }[]) => records.map((record) => record.id).sort();

/** The ids of the students a table links to (`/students/{id}`), taken from the page. */
async function linkedStudentIds(page: Page, table: RegExp): Promise<string[]> {
  const links = page.getByRole("table", { name: table }).getByRole("rowheader").getByRole("link");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => decodeURIComponent(href.split("/").pop() ?? "")).sort();
}

const students = (request: APIRequestContext) => allOf<Student>(request, "/students");

test.describe("against an API that ignores the filter names the spec does not give", () => {
  test("the live register of today's open session lists exactly its halqa's students", async ({
    adminPage: page,
    request,
  }) => {
    const [open] = (await allOf<Session>(request, "/sessions?status=open"))
      .filter((s) => s.status === "open")
      .sort((a, b) => b.date.localeCompare(a.date));
    expect(open, "the demo has an open session today").toBeDefined();
    const everyone = await students(request);
    const ofHalqa = everyone.filter((student) => student.halqa_id === open!.halqa_id);
    const active = ofHalqa.filter((student) => student.status === "active");
    expect(active.length).toBeGreaterThan(0);
    expect(everyone.length, "the API answers with other halqas' students too").toBeGreaterThan(ofHalqa.length);

    await page.goto(`/sessions/${encodeURIComponent(open!.id)}/live`);
    await expect(page.getByRole("heading", { level: 1, name: /^Register: / })).toBeVisible();
    // One status control (a group named by the student) per row.
    const rows = page.getByRole("list", { name: "Students" }).getByRole("group");
    await expect(rows).toHaveCount(active.length);
    const labels = await rows.evaluateAll((groups) => groups.map((g) => g.getAttribute("aria-label") ?? ""));
    for (const student of active) {
      const name = student.preferred_name || student.full_name;
      expect(
        labels.some((label) => label.startsWith(name)),
        name,
      ).toBe(true);
    }
  });

  test("a halqa's page lists only its own students", async ({ adminPage: page, request }) => {
    const [halqa] = await allOf<Halqa>(request, "/halqas");
    const everyone = await students(request);
    const expected = everyone.filter((student) => student.halqa_id === halqa!.id);
    await page.goto(`/halqas/${encodeURIComponent(halqa!.id)}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(halqa!.name) })).toBeVisible();
    expect(await linkedStudentIds(page, /^Students of /)).toEqual(idsOf(expected));
  });

  test("the students page shows only the selected semester's students", async ({ adminPage: page, request }) => {
    await page.goto("/students");
    await showArchivedSemester(page);
    const semesterId = new URL(page.url()).searchParams.get("semester")!;
    const expected = (await students(request)).filter((student) => student.semester_id === semesterId);
    expect(expected.length).toBeGreaterThan(0);
    // The list is paged: every page together shows exactly the semester's students.
    expect((await everyPage(page, () => linkedStudentIds(page, /^Students of /))).sort()).toEqual(idsOf(expected));
  });

  test("the family pages show only the parent's children, each with their own halqa", async ({
    parentPage: page,
    request,
  }) => {
    const [everyone, halqas, semesters] = await Promise.all([
      students(request),
      allOf<Halqa>(request, "/halqas"),
      allOf<Semester>(request, "/semesters"),
    ]);
    const active = new Set(semesters.filter((semester) => semester.status === "active").map((semester) => semester.id));
    await page.goto("/family");
    const links = page.getByRole("navigation", { name: "Your children" }).getByRole("link");
    await expect(links).toHaveCount(2);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      const lineage = decodeURIComponent(href.split("/").pop() ?? "");
      const record = everyone.find((student) => student.lineage_id === lineage && active.has(student.semester_id));
      expect(record, `the child of lineage ${lineage} this semester`).toBeDefined();
      const name = record!.preferred_name || record!.full_name;
      await expect(links.filter({ hasText: name })).toHaveCount(1);

      await page.goto(href);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const halqa = halqas.find((h) => h.id === record!.halqa_id)!;
      await expect(page.getByText(/^Halqa: /)).toContainText(halqa.name);
    }
  });

  test("messages to a family name only their own child: an absence, then this week's summary as the API has it", async ({
    adminPage: page,
    request,
  }) => {
    test.setTimeout(180_000);
    const sink = new SmtpSink(Number(process.env.E2E_SPEC_SMTP_PORT));
    await sink.start();
    try {
      const f = await pickHalqa(request);
      const parent = await createParent(page, f.child, "English");
      const register = await takeRegister(request, f, 30);
      await endInDashboard(page, register.id);
      const absences = () => sink.to(parent).filter((mail) => !isWeekly(mail));
      await expect.poll(() => absences().length, { timeout: 60_000 }).toBe(1);
      const absence = absences()[0]!;
      expect(absence.subject).toContain(`${f.child.preferred_name || f.child.full_name} was absent from the halqa`);
      // No MAIL_FROM on this server: the school's name at the default address (README "Messages to families").
      expect(absence.from?.text).toBe('"Al-Noor Quran School" <no-reply@localhost>');
      expect(`${absence.text}${absence.html}`).not.toContain(f.other.full_name);
      expectFamilySafe(absence, register.id);

      // This week's summaries, sent at once: the child's lists the register just ended (the job's
      // progress cycle begins after it, waiting for one already running), and a child of another
      // halqa, whose registers this run leaves alone, has their own week.
      const g = await pickHalqa(request, () => true, 1);
      const weeklyParent = await createParent(page, g.child, "English");
      await page.goto("/admin/messages");
      await page.getByRole("button", { name: en.admin.weeklyNow }).click();
      for (const [to, family] of [
        [parent, f],
        [weeklyParent, g],
      ] as const) {
        await expect.poll(() => sink.to(to).filter(isWeekly).length, { timeout: 60_000 }).toBe(1);
        const weekly = sink.to(to).filter(isWeekly)[0]!;
        expect(`${weekly.text}${weekly.html}`).not.toContain(family.other.full_name);
        expectFamilySafe(weekly, register.id);
        await expectWeekAsTheApiHasIt(request, weekly, family);
      }
    } finally {
      await sink.stop();
    }
  });
});

/** The ids in the hrefs of a region's links to `/halqas/{id}` (and below it), as the page lists them. */
async function linkedHalqaIds(page: Page, links: ReturnType<Page["getByRole"]>): Promise<string[]> {
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  return [
    ...new Set(
      hrefs.filter((href) => href.startsWith("/halqas/")).map((href) => decodeURIComponent(href.split("/")[2]!)),
    ),
  ].sort();
}

test.describe("the head's pages against an API that ignores the filter names the spec does not give (issue 25)", () => {
  test("the overview's figures and the timetable list exactly the active semester's halqas", async ({
    adminPage: page,
    request,
  }) => {
    const [semester] = (await allOf<Semester>(request, "/semesters")).filter((s) => s.status === "active");
    const all = await allOf<Halqa>(request, "/halqas");
    const ofSemester = all.filter((halqa) => halqa.semester_id === semester!.id);
    expect(all.length, "the API answers with other semesters' halqas too").toBeGreaterThan(ofSemester.length);

    await page.goto("/admin");
    const figures = page.getByRole("table", { name: overviewEn.home.figures.title }).getByRole("link");
    expect(await linkedHalqaIds(page, figures)).toEqual(idsOf(ofSemester));

    await page.goto("/admin/timetable");
    const list = page
      .getByRole("region", { name: overviewEn.timetable.listTitle.replace("{semester}", semester!.name) })
      .getByRole("link");
    expect(await linkedHalqaIds(page, list)).toEqual(idsOf(ofSemester));
  });

  test("a halqa's report cards are one page for each of its own students, no other", async ({
    adminPage: page,
    request,
  }) => {
    const [semester] = (await allOf<Semester>(request, "/semesters")).filter((s) => s.status === "active");
    const [halqa] = (await allOf<Halqa>(request, "/halqas")).filter((h) => h.semester_id === semester!.id);
    const everyone = await students(request);
    const own = everyone.filter((student) => student.halqa_id === halqa!.id);
    expect(everyone.length, "the API answers with other halqas' students too").toBeGreaterThan(own.length);

    await page.goto(`/halqas/${encodeURIComponent(halqa!.id)}`);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the halqa's report cards (PDF)" }).click(),
    ]);
    const text = await pdfText(new Uint8Array(await readFile(await file.path())));
    const cards = text.split("\f").filter((card) => card.includes("Term report card"));
    expect(cards).toHaveLength(own.length);
    for (const student of own)
      expect(
        // A card names the child in full (the preferred name beside it where there is one: issue 58.2).
        cards.some((card) => card.includes(`Student: ${student.full_name}`)),
        student.full_name,
      ).toBe(true);
  });

  test("importing students knows the semester's own halqas and students, by their own fields", async ({
    adminPage: page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    const [semester] = (await allOf<Semester>(request, "/semesters")).filter((s) => s.status === "active");
    const halqas = await allOf<Halqa>(request, "/halqas");
    // A halqa carried into this semester keeps its name: the API answers with last term's namesake too.
    const carried = halqas.find(
      (h) =>
        h.semester_id === semester!.id &&
        halqas.some((other) => other.semester_id !== semester!.id && other.name === h.name),
    );
    expect(carried, "a halqa of this semester shares its name with one of another semester").toBeDefined();
    const everyone = await students(request);
    const enrolledNames = new Set(
      everyone.filter((student) => student.semester_id === semester!.id).map((student) => student.full_name),
    );
    const enrolled = everyone.find((student) => student.semester_id === semester!.id)!;
    const formerOnly = everyone.find(
      (student) => student.semester_id !== semester!.id && !enrolledNames.has(student.full_name),
    );
    expect(formerOnly, "a student of another semester only").toBeDefined();
    const newName = `Zayd ${info.project.name}-${Date.now().toString(36)}`;
    const file = [
      "full_name,halqa",
      `${newName},${carried!.name}`,
      `${formerOnly!.full_name},${carried!.name}`,
      `${enrolled.full_name},${carried!.name}`,
    ].join("\r\n");

    await page.goto(`/students?semester=${semester!.id}`);
    await page.getByRole("link", { name: studentsEn.import.link }).click();
    await page
      .getByLabel(studentsEn.import.fileLabel)
      .setInputFiles({ name: "new-students.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: studentsEn.import.read }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "2 rows are ready to import, 0 have problems, 1 student is already enrolled." }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Import 2 students" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Import finished: 2 students added, 1 already enrolled, 0 not added." }),
    ).toBeVisible({ timeout: 60_000 });

    // Each once, in this semester's halqa of that name (not last term's).
    const added = (await students(request)).filter(
      (student) => student.semester_id === semester!.id && [newName, formerOnly!.full_name].includes(student.full_name),
    );
    expect(added.map((student) => student.full_name).sort()).toEqual([newName, formerOnly!.full_name].sort());
    expect(added.every((student) => student.halqa_id === carried!.id)).toBe(true);
  });
});
