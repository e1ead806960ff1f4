/** The fields a student list may hold, in the order the preview shows them (the fields v1 takes to create a student, the halqa by name or id). */
export const IMPORT_COLUMNS = ["full_name", "preferred_name", "halqa", "status", "enrolled_on"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportValues = Record<ImportColumn, string>;
