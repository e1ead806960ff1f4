import type { Translate } from "@/lib/i18n/core";
import type { StudentFormLabels } from "./student-form";

/** The translated words the student form needs, picked on the server (no catalogue reaches the browser). */
export function studentFormLabels(t: Translate, mode: "create" | "edit"): StudentFormLabels {
  return {
    fullName: t("students.form.fullName"),
    preferredName: t("students.form.preferredName"),
    preferredNameHint: t("students.form.preferredNameHint"),
    halqa: t("students.form.halqa"),
    halqaPlaceholder: t("students.form.halqaPlaceholder"),
    halqaHint: t("students.form.halqaHint"),
    status: t("students.form.status"),
    enrolledOn: t("students.form.enrolledOn"),
    enrolledOnHint: t("students.form.enrolledOnHint"),
    submit: mode === "create" ? t("students.form.create") : t("students.form.save"),
    saving: t("students.form.saving"),
    saved: t("students.form.saved"),
    openCreated: t("students.form.openCreated"),
    fieldErrors: {
      full_name: t("students.form.fieldErrors.full_name"),
      preferred_name: t("students.form.fieldErrors.preferred_name"),
      halqa_id: t("students.form.fieldErrors.halqa_id"),
      status: t("students.form.fieldErrors.status"),
      enrolled_on: t("students.form.fieldErrors.enrolled_on"),
      generic: t("students.form.fieldErrors.generic"),
    },
  };
}
