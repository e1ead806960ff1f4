import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import commonAr from "../messages/ar/common.json" with { type: "json" };
import halqasAr from "../messages/ar/halqas.json" with { type: "json" };
import sessionsAr from "../messages/ar/sessions.json" with { type: "json" };
import studentsAr from "../messages/ar/students.json" with { type: "json" };
import common from "../messages/en/common.json" with { type: "json" };
import halqas from "../messages/en/halqas.json" with { type: "json" };
import sessions from "../messages/en/sessions.json" with { type: "json" };
import students from "../messages/en/students.json" with { type: "json" };
import { allOf, WCAG } from "./api";
import { expect, test } from "./fixtures";
import { DEMO_KEYS } from "../school-api/seed-facts";

/**
 * Tenant isolation seen from a browser: Dar Al-Arqam's admin never sees an Al-Noor record, in lists
 * or behind an Al-Noor address. Al-Noor's records are read from its API with its own key.
 */
type Named = { id: string; name?: string; full_name?: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Any of the 404 headings of the staff pages, in either language (another spec may switch the shared account to Arabic). */
const NOT_FOUND_TITLES = [
  ...[common, commonAr].map((c) => c.notFoundTitle),
  ...[halqas, halqasAr].map((c) => c.notFound.title),
  ...[students, studentsAr].map((c) => c.notFound.title),
  ...[sessions, sessionsAr].map((c) => c.notFoundTitle),
];
const notFoundHeading = new RegExp(`^(${NOT_FOUND_TITLES.map(escape).join("|")})$`);

async function expectNoAxeViolations(page: Page) {
  // After a client-side navigation the new title may still be on its way (streamed metadata).
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
}

test.describe("tenant isolation", () => {
  test("Dar Al-Arqam's admin sees no Al-Noor halqa in the halqa, student and session lists", async ({
    arqamAdminPage: page,
    request,
  }) => {
    const [alnoorHalqas, arqamHalqas, arqamStudents] = await Promise.all([
      allOf<Named>(request, "/halqas", DEMO_KEYS.alnoorAdmin),
      allOf<Named>(request, "/halqas", DEMO_KEYS.arqamAdmin),
      allOf<Named>(request, "/students", DEMO_KEYS.arqamAdmin),
    ]);
    const arqamNames = new Set(arqamHalqas.map((h) => h.name));
    const arqamRecords = new RegExp(
      [...arqamNames, ...arqamStudents.map((s) => s.full_name)].map((n) => escape(n ?? "")).join("|"),
    );
    const alnoorOnly = [...new Set(alnoorHalqas.map((h) => h.name ?? ""))].filter(
      (name) => name && !arqamNames.has(name),
    );
    expect(alnoorOnly.length).toBeGreaterThan(2);

    for (const path of ["/halqas", "/students", "/sessions"]) {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      // The list really rendered Arqam's records, so an absence below means something.
      await expect(main).toContainText(arqamRecords);
      const text = (await main.textContent()) ?? "";
      for (const name of alnoorOnly) expect(text, `${path} shows ${name}`).not.toContain(name);
    }
    await expectNoAxeViolations(page);
  });

  test("an Al-Noor halqa, student or session address is a 404 page for Dar Al-Arqam's admin", async ({
    arqamAdminPage: page,
    request,
  }) => {
    const [halqa] = await allOf<Named>(request, "/halqas", DEMO_KEYS.alnoorAdmin);
    const [student] = await allOf<Named>(request, "/students", DEMO_KEYS.alnoorAdmin);
    const [session] = await allOf<Named>(request, "/sessions", DEMO_KEYS.alnoorAdmin);
    const targets = [
      { path: `/halqas/${halqa!.id}`, secret: halqa!.name },
      { path: `/students/${student!.id}`, secret: student!.full_name },
      { path: `/sessions/${session!.id}`, secret: session!.id },
    ];
    for (const { path, secret } of targets) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: notFoundHeading })).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText(secret ?? "");
    }
    await expectNoAxeViolations(page);
  });
});
