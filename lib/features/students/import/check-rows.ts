import { StudentCreate, STUDENT_STATUSES, type Halqa, type Student } from "@/lib/contract";
import { isCalendarDate } from "@/lib/dates";
import { normalizeForSearch } from "@/lib/text-search";
import { IMPORT_COLUMNS, type ImportColumn, type ImportValues } from "./fields";

/**
 * The preview of a student list (docs/student-import.md): each row checked as the school's API
 * would check it (the contract's own StudentCreate schema), its halqa found in the semester, and
 * duplicates found in the file and among the semester's students. v1 has no date of birth (a
 * sensitive field it never returns and does not take), so a duplicate is the same name, compared as
 * the name search compares (case, accents, Arabic spelling), in the same semester.
 */
export { IMPORT_COLUMNS, type ImportColumn, type ImportValues } from "./fields";

/** A problem of a row, as a catalogue key of `studentImport.problems` with its values. */
export type RowProblem = {
  column: ImportColumn | null;
  key:
    | "required"
    | "invalid"
    | "halqaUnknown"
    | "halqaAmbiguous"
    | "statusUnknown"
    | "dateInvalid"
    | "dateFuture"
    | "duplicateInFile"
    | "exists";
  values?: Record<string, string | number>;
};

export type CheckedRow = { line: number; values: ImportValues; problems: RowProblem[]; body: StudentCreate | null };

export type HeaderReading = {
  columns: Partial<Record<ImportColumn, number>>;
  ignored: string[];
  missing: ImportColumn[];
};

const REQUIRED: readonly ImportColumn[] = ["full_name", "halqa"];

/**
 * Which file column holds which field: a header is the field's own name (`full_name`) or its
 * label in any language the school uses (`labels`), compared as names are.
 */
export function readHeader(header: readonly string[], labels: Record<ImportColumn, readonly string[]>): HeaderReading {
  const columns: Partial<Record<ImportColumn, number>> = {};
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const key = normalizeForSearch(name);
    const column = IMPORT_COLUMNS.find(
      (field) => normalizeForSearch(field) === key || labels[field].some((label) => normalizeForSearch(label) === key),
    );
    if (column && columns[column] === undefined) columns[column] = index;
    else ignored.push(name);
  });
  return { columns, ignored, missing: REQUIRED.filter((field) => columns[field] === undefined) };
}

export function valuesOf(cells: readonly string[], columns: HeaderReading["columns"]): ImportValues {
  return Object.fromEntries(
    IMPORT_COLUMNS.map((field) => [field, columns[field] === undefined ? "" : (cells[columns[field]!] ?? "").trim()]),
  ) as ImportValues;
}

type Context = {
  halqas: readonly Halqa[];
  existing: readonly Pick<Student, "full_name" | "semester_id">[];
  semesterId: string;
  /** The school's date today: an enrolment after it is a slip of the keyboard more often than a plan. */
  today: string;
};

export function checkRows(rows: readonly { line: number; values: ImportValues }[], context: Context): CheckedRow[] {
  // The semester's halqas by their own field: a school's API may ignore the semester filter (invariant 7).
  const halqas = context.halqas.filter((halqa) => halqa.semester_id === context.semesterId);
  const byName = new Map<string, Halqa[]>();
  for (const halqa of halqas)
    byName.set(normalizeForSearch(halqa.name), [...(byName.get(normalizeForSearch(halqa.name)) ?? []), halqa]);
  const enrolled = new Set(
    context.existing.filter((s) => s.semester_id === context.semesterId).map((s) => normalizeForSearch(s.full_name)),
  );
  const firstLine = new Map<string, number>();
  return rows.map(({ line, values }) => {
    const problems: RowProblem[] = [];
    const halqa = findHalqa(values.halqa, halqas, byName, problems);
    const status =
      values.status === ""
        ? undefined
        : STUDENT_STATUSES.find((s) => s === values.status.toLowerCase().replace(/[\s-]+/g, "_"));
    if (values.status !== "" && !status)
      problems.push({ column: "status", key: "statusUnknown", values: { statuses: STUDENT_STATUSES.join(", ") } });
    if (values.enrolled_on !== "" && !isCalendarDate(values.enrolled_on))
      problems.push({ column: "enrolled_on", key: "dateInvalid" });
    else if (values.enrolled_on > context.today) problems.push({ column: "enrolled_on", key: "dateFuture" });
    if (values.full_name === "") problems.push({ column: "full_name", key: "required" });
    const candidate = {
      halqa_id: halqa?.id ?? "unknown",
      full_name: values.full_name,
      preferred_name: values.preferred_name || null,
      ...(status ? { status } : {}),
      enrolled_on: values.enrolled_on || null,
    };
    const parsed = StudentCreate.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = issue.path[0] === "halqa_id" ? "halqa" : (issue.path[0] as ImportColumn);
        if (!problems.some((p) => p.column === column)) problems.push({ column, key: "invalid" });
      }
    }
    const name = normalizeForSearch(values.full_name);
    if (name !== "") {
      const earlier = firstLine.get(name);
      if (earlier !== undefined)
        problems.push({ column: "full_name", key: "duplicateInFile", values: { line: earlier } });
      else firstLine.set(name, line);
      if (enrolled.has(name)) problems.push({ column: "full_name", key: "exists" });
    }
    return { line, values, problems, body: problems.length === 0 && parsed.success && halqa ? parsed.data : null };
  });
}

function findHalqa(
  value: string,
  halqas: readonly Halqa[],
  byName: Map<string, Halqa[]>,
  problems: RowProblem[],
): Halqa | null {
  if (value === "") {
    problems.push({ column: "halqa", key: "required" });
    return null;
  }
  const byId = halqas.find((halqa) => halqa.id === value);
  if (byId) return byId;
  const named = byName.get(normalizeForSearch(value)) ?? [];
  if (named.length === 1) return named[0]!;
  problems.push({
    column: "halqa",
    key: named.length > 1 ? "halqaAmbiguous" : "halqaUnknown",
    values: { halqa: value },
  });
  return null;
}
