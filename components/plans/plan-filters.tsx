import Link from "next/link";
import { linkClass } from "@/components/halqas/form-controls";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { Student } from "@/lib/contract";
import { hrefWith } from "@/lib/features/halqas/search";
import type { Translate } from "@/lib/i18n/core";

type Props = { t: Translate; semester: string; students: Student[]; status?: string; student?: string; q?: string };

/** Student and name filters in the URL (`?student=&q=`), keeping the semester and state: a GET form. */
export function PlanFilters({ t, semester, students, status, student, q }: Props) {
  return (
    <form key={`${semester}|${status ?? ""}|${student ?? ""}|${q ?? ""}`} method="get" action="/plans" role="search" aria-label={t("plans.filters.label")} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="semester" value={semester} />
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <div className="flex min-w-56 flex-col gap-2">
        <Label htmlFor="plan-student">{t("plans.filters.student")}</Label>
        <Select id="plan-student" name="student" defaultValue={student ?? ""}>
          <option value="">{t("plans.filters.allStudents")}</option>
          {students.map((option) => (
            <option key={option.id} value={option.id}>
              {option.full_name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <Label htmlFor="plan-q">{t("plans.filters.search")}</Label>
        <Input id="plan-q" type="search" name="q" defaultValue={q ?? ""} />
      </div>
      <Button type="submit">{t("plans.filters.apply")}</Button>
      {status || student || q ? (
        <Link href={hrefWith("/plans", { semester })} className={linkClass}>
          {t("plans.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}
