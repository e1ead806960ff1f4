import type { Halqa, Semester, Student } from "@/lib/contract";
import en from "../messages/en/students.json" with { type: "json" };
import { allOf, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";
import { zipBomb } from "../tests/support/features/students/import/hand-made-xlsx";

/**
 * Issue 25.5: the office imports a semester's new students from a CSV. The preview finds what the
 * school would refuse; a row is fixed where it stands; the import adds each student once (checked
 * against the school's own records); the same file again adds nobody.
 */
test.describe("importing students from a file", () => {
  test("an admin previews, fixes a row, imports, and importing the same file again adds nobody", async ({
    adminPage: page,
    request,
  }, info) => {
    test.setTimeout(180_000);
    // An office's small laptop (issue 58.8): every row's verdict stays on the screen, not scrolled away.
    await page.setViewportSize({ width: 1024, height: 768 });
    const semester = (await allOf<Semester>(request, "/semesters")).find((s) => s.status === "active")!;
    const halqas = (await allOf<Halqa>(request, `/halqas?semester_id=${semester.id}`)).filter(
      (h) => h.semester_id === semester.id && h.is_active,
    );
    const enrolled = (await allOf<Student>(request, `/students?semester_id=${semester.id}`)).find(
      (s) => s.semester_id === semester.id,
    )!;
    const tag = `${info.project.name}-${Date.now().toString(36)}`;
    const names = [`Hamza ${tag}`, `صفية ${tag}`, `Bilal ${tag}`, `Zaid ${tag}`];
    const file = [
      "full_name,halqa,status,enrolled_on",
      `${names[0]},${halqas[0]!.name},active,`,
      `${names[1]},${halqas[1]!.name},,`,
      `${names[2]},No such halqa,active,`,
      `${enrolled.full_name},${halqas[0]!.name},active,`,
      // An enrolment in 2062: a slip of the keyboard, said and fixed, not taken.
      `${names[3]},${halqas[1]!.name},active,2062-09-01`,
    ].join("\r\n");
    /** Chooses the CSV (with the byte order mark a spreadsheet writes) and has the dashboard read it. */
    const readFile = async (csv: string) => {
      await page
        .getByLabel(en.import.fileLabel)
        .setInputFiles({ name: "new-students.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });
      await page.getByRole("button", { name: en.import.read }).click();
    };

    await page.goto(`/students?semester=${semester.id}`);
    await page.getByRole("link", { name: en.import.link }).click();
    await expect(page.getByRole("heading", { level: 1, name: en.import.title })).toBeVisible();
    await readFile(file);

    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "2 rows are ready to import, 2 have problems, 1 student is already enrolled." }),
    ).toBeVisible();
    const table = page.getByRole("table");
    // The page is scrolled down to the table, never the table sideways: each verdict is whole on the screen.
    await table.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY));
    await expect(table.getByRole("cell", { name: `This semester has no halqa “No such halqa”.` })).toBeInViewport({
      ratio: 1,
    });
    await expect(table.getByRole("cell", { name: en.import.problems.dateFuture })).toBeInViewport({ ratio: 1 });
    await expect(table.getByRole("row").filter({ hasText: enrolled.full_name })).toContainText(
      en.import.problems.exists,
    );
    await expectNoAxeViolations(page);

    // The rows with the unknown halqa and the future date are fixed where they stand, then checked again.
    await page
      .getByRole("combobox", { name: `${en.form.halqa} (${en.import.line} 4)` })
      .selectOption({ label: halqas[0]!.name });
    await page.getByRole("textbox", { name: `${en.form.enrolledOn} (${en.import.line} 6)` }).fill("");
    await page.getByRole("button", { name: en.import.recheck }).click();
    // The fixed row names its halqa as the list did, never by its id.
    const fixed = table.getByRole("row").filter({ hasText: names[2]! });
    await expect(fixed).toContainText(halqas[0]!.name);
    await expect(fixed).not.toContainText(halqas[0]!.id);
    await page.getByRole("button", { name: "Import 4 students" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Import finished: 4 students added, 1 already enrolled, 0 not added." }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("progressbar", { name: en.import.title })).toHaveAttribute("aria-valuenow", "100");

    // The school has each of them once, in the halqa the row named.
    const mine = async () =>
      (await allOf<Student>(request, `/students?semester_id=${semester.id}`)).filter(
        (s) => s.semester_id === semester.id && names.includes(s.full_name),
      );
    const created = await mine();
    expect(created.map((s) => s.full_name).sort()).toEqual([...names].sort());
    expect(created.find((s) => s.full_name === names[1])!.halqa_id).toBe(halqas[1]!.id);
    expect(created.find((s) => s.full_name === names[2])!.halqa_id).toBe(halqas[0]!.id);
    expect(created.find((s) => s.full_name === names[3])!.enrolled_on).toBeNull();

    // The same file again: every row is a student the semester already has; nothing to import.
    await page.getByRole("button", { name: en.import.again }).click();
    await readFile(file);
    await expect(page.getByRole("status").filter({ hasText: "0 rows are ready to import" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Import 0 students" })).toBeDisabled();
    expect(await mine()).toHaveLength(4);
  });

  test("a file the dashboard cannot read says why and sends nothing; a teacher cannot reach the import", async ({
    adminPage: page,
    teacherPage,
  }) => {
    await page.goto("/students/import");
    await page.getByLabel(en.import.fileLabel).setInputFiles({
      name: "arabic-windows.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([...Buffer.from("full_name,halqa\n"), 0xe1, 0xe1, 0xed, ...Buffer.from(",x\n")]),
    });
    await page.getByRole("button", { name: en.import.read }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The file is not saved as UTF-8 text" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);

    const response = await teacherPage.goto("/students/import");
    expect(response?.status()).toBe(404);
    expect((await teacherPage.request.post("/students/import/read", { data: "full_name,halqa\nA,B\n" })).status()).toBe(
      404,
    );
  });

  test("an XLSX of 150 KB that unpacks to a million rows is refused for what it holds, and the server answers meanwhile", async ({
    adminPage: page,
    request,
  }) => {
    await page.goto("/students/import");
    await page.getByLabel(en.import.fileLabel).setInputFiles({
      name: "students.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(zipBomb()),
    });
    // The server's health is asked again and again while it reads the file (read whole, it was held 42 s).
    let reading = true;
    const answers: number[] = [];
    const asking = (async () => {
      while (reading) answers.push((await request.get("/api/health")).status());
    })();
    await page.getByRole("button", { name: en.import.read }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: en.import.file.tooBig.slice(0, en.import.file.tooBig.indexOf(":")) }),
    ).toBeVisible();
    reading = false;
    await asking;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    await expect(page.getByRole("table")).toHaveCount(0);
  });
});
