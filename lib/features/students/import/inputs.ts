import { z } from "zod";
import { wellFormed } from "@/lib/contract";
import { IMPORT_COLUMNS, type ImportColumn } from "./check-rows";
import { IMPORT_MAX_ROWS } from "./limits";

const cell = wellFormed(z.string().max(2000));
const Values = z.strictObject(
  Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, cell])) as Record<ImportColumn, typeof cell>,
);

/** A line of the file as the office left it in the preview: its number in the file and its cells by field. */
export const ImportRow = z.strictObject({
  line: z
    .number()
    .int()
    .min(2)
    .max(IMPORT_MAX_ROWS + 1),
  values: Values,
});
export const ImportRows = z.array(ImportRow).max(IMPORT_MAX_ROWS);

/** A record id as the client may send it (the API's ids are of this shape); anything else is refused before the school is asked. */
export const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const SemesterId = z.string().regex(RECORD_ID);
