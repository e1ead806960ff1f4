import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { findAyahIdBySurah, getRubAlHizbMeta, type AyahNo, type RubAlHizbId, type Surah } from "quran-meta/hafs";
import { allOf, expectNoAxeViolations } from "./api";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/**
 * The Quran map against the school's API, computed here from the API's recitations with the mushaf's
 * own quarter boundaries (quran-meta), not with the dashboard's model: which quarters were heard,
 * how much of each new memorisation covered, the last revision and the last rating there.
 */
type Point = { surah: number; ayah: number };
type Recitation = {
  id: string;
  student_id: string;
  kind: string;
  range: { start: Point; end: Point };
  rating: number;
  note: string | null;
  recorded_at: string;
};
type Student = { id: string; lineage_id: string; semester_id: string; full_name: string; status: string };
type School = { time_zone: string; rating_scale: { value: number; label: string }[] };

const ayahOf = (p: Point) => findAyahIdBySurah(p.surah as Surah, p.ayah as AyahNo);
const QUARTERS = Array.from({ length: 240 }, (_, at) => {
  const q = getRubAlHizbMeta((at + 1) as RubAlHizbId);
  return { index: at + 1, juz: q.juz, inJuz: q.juzPart, first: q.firstAyahId, last: q.lastAyahId };
});

const dayIn = (instant: string | Date, zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Expected = {
  juz: number;
  inJuz: number;
  heard: boolean;
  memorised: string;
  revision: RegExp;
  rating: string | null;
};

function expectedCells(recitations: Recitation[], school: School): Expected[] {
  const today = dayIn(new Date(), school.time_zone);
  const latest = (list: Recitation[]) =>
    list.toSorted((a, b) => b.recorded_at.localeCompare(a.recorded_at) || b.id.localeCompare(a.id))[0];
  return QUARTERS.map((quarter) => {
    const touching = recitations.filter(
      (r) => ayahOf(r.range.start) <= quarter.last && ayahOf(r.range.end) >= quarter.first,
    );
    let covered = 0;
    for (let ayah = quarter.first; ayah <= quarter.last; ayah++) {
      // Memorised: recited in new memorisation or revision (docs/progress.md, "What each figure means").
      if (recitations.some((r) => ayahOf(r.range.start) <= ayah && ayah <= ayahOf(r.range.end))) covered++;
    }
    const size = quarter.last - quarter.first + 1;
    const revision = latest(touching.filter((r) => r.kind !== "new_memorization"));
    const days = revision ? daysBetween(dayIn(revision.recorded_at, school.time_zone), today) : null;
    const heard = latest(touching);
    return {
      juz: quarter.juz,
      inJuz: quarter.inJuz,
      heard: Boolean(heard),
      memorised:
        covered === size
          ? "memorised"
          : covered === 0
            ? "not memorised"
            : `${Math.floor((covered / size) * 100)}% memorised`,
      revision: days === null ? /not revised yet/ : days === 0 ? /\(today\)/ : new RegExp(`\\(${days} days? ago\\)`),
      rating: heard
        ? (school.rating_scale.find((level) => level.value === heard.rating)?.label ?? String(heard.rating))
        : null,
    };
  });
}

/** Every recitation of a student's records (a map covers the student's whole lineage). */
async function lineageRecitations(
  request: APIRequestContext,
  lineageId: string,
): Promise<{ records: Student[]; recitations: Recitation[] }> {
  const records = (await allOf<Student>(request, `/students?lineage_id=${encodeURIComponent(lineageId)}`)).filter(
    (s) => s.lineage_id === lineageId,
  );
  const recitations = (
    await Promise.all(records.map((record) => allOf<Recitation>(request, `/students/${record.id}/recitations`)))
  ).flat();
  return { records, recitations };
}

const mapOf = (page: Page) => page.getByRole("group", { name: "Quran map: 30 juz of 8 hizb quarters each" });
const cellsOf = (map: Locator) => map.getByRole("link");

async function expectMapMatches(page: Page, recitations: Recitation[], school: School) {
  const map = mapOf(page);
  await expect(cellsOf(map)).toHaveCount(240);
  const expected = expectedCells(recitations, school);
  const heard = expected.filter((cell) => cell.heard);
  expect(heard.length, "the student has recitations to check").toBeGreaterThan(0);
  await expect(cellsOf(map).filter({ hasText: /not recited yet$/ })).toHaveCount(240 - heard.length);
  // Every cell's name in one read (a round trip per cell was most of this test's time).
  const names = await cellsOf(map).locator("title").allTextContents();
  for (const cell of heard) {
    const parts = (names.find((name) => name.startsWith(`Juz ${cell.juz}, quarter ${cell.inJuz} · `)) ?? "").split(
      " · ",
    );
    expect(parts[2], `juz ${cell.juz} quarter ${cell.inJuz}`).toBe(cell.memorised);
    expect(parts[3], `juz ${cell.juz} quarter ${cell.inJuz}`).toMatch(cell.revision);
    expect(parts[4], `juz ${cell.juz} quarter ${cell.inJuz}`).toMatch(
      new RegExp(`^last rating ${cell.rating!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`),
    );
  }
  return heard;
}

test.describe("the Quran map", () => {
  test("a student's map matches the API's recitations, and a tap shows a quarter's details", async ({
    adminPage: page,
    request,
  }, info) => {
    const school = (
      await (
        await request.get("/api/v1/school", { headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } })
      ).json()
    ).data as School;
    const [active] = (await allOf<{ id: string; status: string }>(request, "/semesters")).filter(
      (s) => s.status === "active",
    );
    const students = (await allOf<Student>(request, `/students?semester_id=${active!.id}`))
      .filter((s) => s.semester_id === active!.id)
      .slice(0, 12);
    const histories = await Promise.all(
      students.map(async (student) => ({ student, ...(await lineageRecitations(request, student.lineage_id)) })),
    );
    const { student, recitations } = histories.toSorted((a, b) => b.recitations.length - a.recitations.length)[0]!;

    await page.goto(`/students/${student.id}`);
    const heard = await expectMapMatches(page, recitations, school);

    const first = heard[0]!;
    const cell = cellsOf(mapOf(page)).filter({ hasText: new RegExp(`^Juz ${first.juz}, quarter ${first.inJuz} · `) });
    if (info.project.use.hasTouch) await cell.tap();
    else await cell.click();
    const details = page.getByRole("region", { name: "Selected quarter" });
    await expect(details).toContainText(`Juz ${first.juz}, quarter ${first.inJuz} · `);
    await expect(details).toContainText(`last rating ${first.rating}`);

    await page.getByText("Show the map as a table").click();
    await expect(
      page
        .getByRole("table")
        .filter({ has: page.getByRole("columnheader", { name: "Last revision" }) })
        .getByRole("row"),
    ).toHaveCount(heard.length + 1);
    await expectNoAxeViolations(page);
  });

  test("a parent's map shows only their child, and nothing staff-only", async ({
    parentPage: page,
    adminPage,
    request,
  }) => {
    const school = (
      await (
        await request.get("/api/v1/school", { headers: { authorization: `Bearer ${DEMO_KEYS.alnoorAdmin}` } })
      ).json()
    ).data as School;
    // The children the admin linked to this parent, from the parent's user page: the family pages list exactly those.
    await adminPage.goto("/admin/users");
    await adminPage.getByRole("link", { name: "Umm Yusuf" }).click();
    const remove = adminPage.getByRole("button", { name: /^Remove / });
    await expect(remove.first()).toBeVisible();
    const linked = await remove.evaluateAll((buttons) =>
      buttons.map((b) => (b.getAttribute("aria-label") ?? b.textContent ?? "").replace(/^Remove /, "")),
    );
    await page.goto("/family");
    const links = await page
      .locator('a[href^="/family/children/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") ?? ""))]);
    expect(links).toHaveLength(linked.length);
    const found = new Set<string>();
    for (const href of links) {
      const lineageId = decodeURIComponent(href.split("/").at(-1)!);
      const records = await allOf<{ lineage_id: string; full_name: string }>(
        request,
        `/students?lineage_id=${lineageId}`,
      );
      const name = linked.find((n) => records.some((r) => r.lineage_id === lineageId && r.full_name === n));
      expect(name, `the listed child ${lineageId} is one the admin linked`).toBeDefined();
      found.add(name!);
    }
    expect(found.size).toBe(linked.length);
    for (const href of links) {
      const lineageId = decodeURIComponent(href.split("/").at(-1)!);
      const { recitations } = await lineageRecitations(request, lineageId);
      const response = await page.goto(href);
      await expectMapMatches(page, recitations, school);
      // A recitation's note is a teacher's note: neither the HTML nor the RSC payload carries one.
      const body = (await response!.text()) + (await page.content());
      for (const note of new Set(recitations.map((r) => r.note).filter((n): n is string => Boolean(n))))
        expect(body, "a teacher's note").not.toContain(note);
      for (const id of recitations.map((r) => r.student_id))
        expect(body, "a staff link to the student").not.toContain(`/students/${id}`);
      await expectNoAxeViolations(page);
    }
  });
});
