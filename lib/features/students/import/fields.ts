/** The fields a student list may hold, in the order the preview shows them (the fields v1 takes to create a student, the halqa by name or id). */
export const IMPORT_COLUMNS = ["full_name", "preferred_name", "halqa", "status", "enrolled_on"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportValues = Record<ImportColumn, string>;

/** Each field's label, the student form's own (`students.form.<label>`): a file's header may be any language's. */
export const FIELD_LABELS = {
  full_name: "fullName",
  preferred_name: "preferredName",
  halqa: "halqa",
  status: "status",
  enrolled_on: "enrolledOn",
} as const satisfies Record<ImportColumn, string>;
