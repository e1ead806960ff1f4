import Link from "next/link";
import { linkClass } from "@/components/halqas/form-controls";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { STUDENT_STATUSES, type Halqa } from "@/lib/contract";
import { hrefWith } from "@/lib/features/halqas/search";
import type { Translate } from "@/lib/i18n/core";

type Props = { t: Translate; semester: string; halqas: Halqa[]; status?: string; halqa?: string; q?: string };

/** Status, halqa and name filters in the URL (`?status=&halqa=&q=`), keeping the semester: a GET form. */
export function StudentFilters({ t, semester, halqas, status, halqa, q }: Props) {
  return (
    // Keyed by the URL state: after a client-side navigation the controls show the new values.
    <form key={`${semester}|${status ?? ""}|${halqa ?? ""}|${q ?? ""}`} method="get" action="/students" role="search" aria-label={t("students.filters.label")} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="semester" value={semester} />
      <div className="flex min-w-40 flex-col gap-2">
        <Label htmlFor="student-status">{t("students.filters.status")}</Label>
        <Select id="student-status" name="status" defaultValue={status ?? ""}>
          <option value="">{t("students.filters.all")}</option>
          {STUDENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`students.status.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-56 flex-col gap-2">
        <Label htmlFor="student-halqa">{t("students.filters.halqa")}</Label>
        <Select id="student-halqa" name="halqa" defaultValue={halqa ?? ""}>
          <option value="">{t("students.filters.all")}</option>
          {halqas.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <Label htmlFor="student-q">{t("students.filters.search")}</Label>
        <Input id="student-q" type="search" name="q" defaultValue={q ?? ""} />
      </div>
      <Button type="submit">{t("students.filters.apply")}</Button>
      {status || halqa || q ? (
        <Link href={hrefWith("/students", { semester })} className={linkClass}>
          {t("students.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}
