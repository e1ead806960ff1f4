/**
 * A person's language at first sign-in and the school's language settings, on the dashboard store
 * (in memory, migrated as in production).
 */
import { beforeAll, describe, expect, it } from "vitest";

let db: Awaited<ReturnType<typeof import("@/lib/db").dashboardDb>>;
let schema: typeof import("@/lib/db/schema");

beforeAll(async () => {
  process.env.DASHBOARD_DATA_DIR = "memory://";
  db = await (await import("@/lib/db")).dashboardDb();
  schema = await import("@/lib/db/schema");
  await db.insert(schema.connections).values({ id: "school-1", label: "School" }).onConflictDoNothing();
}, 60_000);

async function newUser(id: string, locale: "en" | "ar" | "ur", localeSetAt: Date | null = null) {
  await db.insert(schema.users).values({
    id,
    connectionId: "school-1",
    email: `${id}@example.org`,
    name: id,
    role: "teacher",
    locale,
    localeSetAt,
  });
}

async function localeOf(id: string) {
  const { eq } = await import("drizzle-orm");
  const [row] = await db
    .select({ locale: schema.users.locale, setAt: schema.users.localeSetAt })
    .from(schema.users)
    .where(eq(schema.users.id, id));
  return row;
}

describe("a person's language at first sign-in", () => {
  it("takes the browser's language once, and keeps it at later sign-ins", async () => {
    const { settleFirstLocale } = await import("./store");
    await newUser("u-fr", "ar");
    await settleFirstLocale("u-fr", "fr");
    expect(await localeOf("u-fr")).toEqual({ locale: "fr", setAt: expect.any(Date) });
    await settleFirstLocale("u-fr", "tr");
    expect((await localeOf("u-fr"))?.locale).toBe("fr");
  });

  it("keeps the language the admin gave when the browser asks for none of ours", async () => {
    const { settleFirstLocale } = await import("./store");
    await newUser("u-none", "ur");
    await settleFirstLocale("u-none", null);
    expect(await localeOf("u-none")).toEqual({ locale: "ur", setAt: expect.any(Date) });
  });

  it("never overrides a language the person chose", async () => {
    const { saveUserLocale, settleFirstLocale } = await import("./store");
    await newUser("u-chose", "en");
    await saveUserLocale("u-chose", "ms");
    await settleFirstLocale("u-chose", "fr");
    expect((await localeOf("u-chose"))?.locale).toBe("ms");
  });
});

describe("the school's language settings", () => {
  it("are the defaults until saved, then what the admin saved", async () => {
    const { getSchoolLanguages, saveSchoolLanguages, DEFAULT_SCHOOL_LANGUAGES } =
      await import("@/lib/preferences/school-languages");
    expect(await getSchoolLanguages("school-1")).toEqual(DEFAULT_SCHOOL_LANGUAGES);
    const chosen = { defaultLocale: "ur", formats: { numerals: "native", calendars: "hijri-first" } } as const;
    await saveSchoolLanguages("school-1", chosen, "u-admin");
    expect(await getSchoolLanguages("school-1")).toEqual(chosen);
  });

  it("are a signed-out visitor's too when the dashboard serves one school, and the defaults when it serves several", async () => {
    const { visitorSchoolLanguages, DEFAULT_SCHOOL_LANGUAGES } = await import("@/lib/preferences/school-languages");
    expect((await visitorSchoolLanguages()).defaultLocale).toBe("ur");
    await db.insert(schema.connections).values({ id: "school-3", label: "Another school" }).onConflictDoNothing();
    expect(await visitorSchoolLanguages()).toEqual(DEFAULT_SCHOOL_LANGUAGES);
  });

  it("read a value this version does not know as the default, never as an error", async () => {
    const { sql } = await import("drizzle-orm");
    const { getSchoolLanguages } = await import("@/lib/preferences/school-languages");
    await db.execute(
      sql`insert into school_language_settings (connection_id, default_locale, numerals, calendars) values ('school-2', 'xx', 'roman', 'julian')`,
    );
    expect(await getSchoolLanguages("school-2")).toEqual({
      defaultLocale: "en",
      formats: { numerals: "western", calendars: "gregorian-first" },
    });
  });

  it("write the numbers of what actions and routes answer (refusals, CSV headings) in the school's digits, as its pages do", async () => {
    const { readerTranslator, saveSchoolLanguages } = await import("@/lib/preferences/school-languages");
    const blocked = async (locale: "en" | "ar" | "ur", connectionId: string) =>
      (await readerTranslator({ locale, connectionId }))("errors.writesBlocked", { reason: "", time: "", minutes: 15 });
    expect(await blocked("ar", "school-digits")).toContain("15");
    await saveSchoolLanguages(
      "school-digits",
      { defaultLocale: "en", formats: { numerals: "native", calendars: "gregorian-first" } },
      "u-admin",
    );
    expect(await blocked("ar", "school-digits")).toContain("١٥");
    expect(await blocked("ur", "school-digits")).toContain("۱۵");
    expect(await blocked("en", "school-digits"), "a language without digits of its own keeps Western ones").toContain(
      "15",
    );
  });
});
