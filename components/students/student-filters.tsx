import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Picker } from "@/components/pickers/picker";
import { STUDENT_STATUSES } from "@/lib/contract";
import { hrefWith } from "@/lib/web/search-params";
import type { Translate } from "@/lib/i18n/core";

type Props = { t: Translate; semester: string; halqa?: { id: string; name: string }; status?: string; q?: string };

/** Status, halqa and name filters in the URL (`?status=&halqa=&q=`), keeping the semester: a GET form. The halqa is a searchable picker. */
export function StudentFilters({ t, semester, halqa, status, q }: Props) {
  return (
    // Keyed by the URL state: after a client-side navigation the controls show the new values.
    <form
      key={`${semester}|${status ?? ""}|${halqa?.id ?? ""}|${q ?? ""}`}
      method="get"
      action="/students"
      role="search"
      aria-label={t("students.filters.label")}
      className="flex flex-wrap items-end gap-3"
    >
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
      <Picker
        kind="halqas"
        name="halqa"
        label={t("students.filters.halqa")}
        semester={semester}
        initial={halqa ? { id: halqa.id, label: halqa.name, hint: null } : null}
      />
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
