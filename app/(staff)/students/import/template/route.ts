// v1 calls: none.
import { currentActor } from "@/lib/auth/session";
import { can } from "@/lib/authz/policy";
import { subjectOf } from "@/lib/authz/subject";
import { FIELD_LABELS, IMPORT_COLUMNS } from "@/lib/features/students/import/fields";
import { translator } from "@/lib/i18n/core";
import { exportResponse } from "@/lib/web/export-response";
import { notFoundAnswer, signedOutAnswer } from "@/lib/web/staff-json";

export const dynamic = "force-dynamic";

/** An empty student list with the header row in the reader's language (any language's headers read back). */
export async function GET(): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return signedOutAnswer();
  if (actor.role !== "admin" || !can.createStudent(await subjectOf(actor))) return notFoundAnswer();
  const t = translator(actor.locale);
  return exportResponse(
    { header: IMPORT_COLUMNS.map((column) => t(`students.form.${FIELD_LABELS[column]}`)), rows: [] },
    { format: "csv", filename: "students-template", sheet: t("students.import.title"), locale: actor.locale },
  );
}
