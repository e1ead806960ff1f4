import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StudentCreate, type Halqa } from "@/lib/contract";
import { checkRows, IMPORT_COLUMNS, readHeader, valuesOf, type ImportValues } from "./check-rows";

const halqa = (id: string, name: string): Halqa =>
  ({ id, lineage_id: `l-${id}`, semester_id: "sem1", name, description: null, is_active: true }) as unknown as Halqa;
const HALQAS = [halqa("h1", "Al-Fajr"), halqa("h2", "حلقة النور"), halqa("h3", "Twin"), halqa("h4", "twin")];
const context = {
  halqas: HALQAS,
  existing: [
    { full_name: "Yusuf Al-Harbi", semester_id: "sem1" },
    { full_name: "Other Term", semester_id: "sem0" },
  ],
  semesterId: "sem1",
  today: "2026-12-07",
};
const NO_LABELS = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, [] as string[]])) as Record<
  (typeof IMPORT_COLUMNS)[number],
  string[]
>;
const row = (line: number, values: Partial<ImportValues>) => ({
  line,
  values: { full_name: "", preferred_name: "", halqa: "", status: "", enrolled_on: "", ...values },
});

describe("readHeader", () => {
  it("finds fields by their own names or a label in the school's languages, and says what it ignored or misses", () => {
    const labels = { ...NO_LABELS, full_name: ["Full name", "الاسم الكامل"], halqa: ["Halqa", "الحلقة"] };
    expect(readHeader(["الاسم الكامل", "الحلقة", "Phone"], labels)).toEqual({
      columns: { full_name: 0, halqa: 1 },
      ignored: ["Phone"],
      missing: [],
    });
    expect(readHeader(["FULL NAME", "status"], labels)).toEqual({
      columns: { full_name: 0, status: 1 },
      ignored: [],
      missing: ["halqa"],
    });
  });
});

describe("checkRows", () => {
  it("builds the create body of a good row, the halqa found by name (as names are compared) or id", () => {
    const [a, b] = checkRows(
      [
        row(2, { full_name: "Ali", halqa: "al fajr", status: "On leave", enrolled_on: "2026-09-01" }),
        row(3, { full_name: "مريم", halqa: "h2" }),
      ],
      context,
    );
    expect(a).toMatchObject({
      problems: [],
      body: { halqa_id: "h1", full_name: "Ali", preferred_name: null, status: "on_leave", enrolled_on: "2026-09-01" },
    });
    expect(b).toMatchObject({ problems: [], body: { halqa_id: "h2", full_name: "مريم" } });
  });

  it("names each problem by its column: missing, unknown or ambiguous halqa, status, date, the contract's name rules", () => {
    const rows = checkRows(
      [
        row(2, { halqa: "Al-Fajr" }),
        row(3, { full_name: "Ali", halqa: "Nowhere" }),
        row(4, { full_name: "Bilal", halqa: "TWIN" }),
        row(5, { full_name: "Sara", halqa: "h1", status: "sleeping", enrolled_on: "2026-02-30" }),
        row(6, { full_name: "x".repeat(121), halqa: "h1" }),
        row(7, { full_name: "Ali\u202Ebad", halqa: "h1" }),
        row(8, { full_name: "Hamza", halqa: "h1", enrolled_on: "2062-12-07" }),
        row(9, { full_name: "Zaid", halqa: "h1", enrolled_on: "2026-12-08" }),
      ],
      context,
    );
    expect(rows.map((r) => r.problems.map((p) => `${p.column}:${p.key}`))).toEqual([
      ["full_name:required"],
      ["halqa:halqaUnknown"],
      ["halqa:halqaAmbiguous"],
      ["status:statusUnknown", "enrolled_on:dateInvalid"],
      ["full_name:invalid"],
      ["full_name:invalid"],
      ["enrolled_on:dateFuture"],
      ["enrolled_on:dateFuture"],
    ]);
    expect(rows.every((r) => r.body === null)).toBe(true);
  });

  it("finds a name twice in the file, and a student the semester already has (not one of another semester)", () => {
    const rows = checkRows(
      [
        row(2, { full_name: "Khadija", halqa: "h1" }),
        row(3, { full_name: "KHADIJA ", halqa: "h2" }),
        row(4, { full_name: "yusuf al harbi", halqa: "h1" }),
        row(5, { full_name: "Other Term", halqa: "h1" }),
      ],
      context,
    );
    expect(rows.map((r) => r.problems.map((p) => p.key))).toEqual([[], ["duplicateInFile"], ["exists"], []]);
    expect(rows[1]!.problems[0]!.values).toEqual({ line: 2 });
  });

  it("knows only the semester's own halqas, by their own field: an API that ignores the semester filter answers with other terms' halqas too", () => {
    const lastTerm = { ...halqa("h0", "Al-Fajr"), semester_id: "sem0" } as Halqa;
    const closed = { ...halqa("h9", "Closed Term"), semester_id: "sem0" } as Halqa;
    const rows = checkRows(
      [
        row(2, { full_name: "Ali", halqa: "Al-Fajr" }),
        row(3, { full_name: "Bilal", halqa: "Closed Term" }),
        row(4, { full_name: "Sara", halqa: "h9" }),
      ],
      { ...context, halqas: [lastTerm, closed, ...HALQAS] },
    );
    expect(rows[0]).toMatchObject({ problems: [], body: { halqa_id: "h1" } });
    expect(rows.slice(1).map((r) => r.problems.map((p) => `${p.column}:${p.key}`))).toEqual([
      ["halqa:halqaUnknown"],
      ["halqa:halqaUnknown"],
    ]);
  });

  it("never gives a body to a row with a problem, and every body passes the contract (property)", () => {
    const text = fc.oneof(
      fc.constant(""),
      fc.string({ maxLength: 8 }),
      fc.constantFrom("Al-Fajr", "h2", "twin", "active", "graduated", "2026-09-01", "2026-13-01", "=1+1"),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ full_name: text, preferred_name: text, halqa: text, status: text, enrolled_on: text }), {
          maxLength: 12,
        }),
        (values) => {
          const checked = checkRows(
            values.map((v, i) => ({ line: i + 2, values: v })),
            context,
          );
          for (const r of checked) {
            if (r.problems.length > 0) expect(r.body).toBeNull();
            else expect(StudentCreate.parse(r.body)).toEqual(r.body);
          }
        },
      ),
    );
  });

  it("reads a row's cells by the header's columns", () => {
    expect(valuesOf([" Ali ", "x", "Al-Fajr"], { full_name: 0, halqa: 2 })).toEqual({
      full_name: "Ali",
      preferred_name: "",
      halqa: "Al-Fajr",
      status: "",
      enrolled_on: "",
    });
  });
});
