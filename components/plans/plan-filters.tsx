import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Picker } from "@/components/pickers/picker";
import { hrefWith } from "@/lib/web/search-params";
import { REPLACED_PERIODS, type ReplacedPeriod } from "@/lib/features/plans/periods";
import type { Translate } from "@/lib/i18n/core";

type Props = {
  t: Translate;
  semester: string;
  student?: { id: string; full_name: string };
  status?: string;
  q?: string;
  replaced?: ReplacedPeriod;
  sort?: "changed";
};

/** Student (a searchable picker), name and replacement filters and the order in the URL (`?student=&q=&replaced=&sort=`), keeping the semester and state: a GET form. */
export function PlanFilters({ t, semester, student, status, q, replaced, sort }: Props) {
  return (
    <form
      key={`${semester}|${status ?? ""}|${student?.id ?? ""}|${q ?? ""}|${replaced ?? ""}|${sort ?? ""}`}
      method="get"
      action="/plans"
      role="search"
      aria-label={t("plans.filters.label")}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="semester" value={semester} />
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <Picker
        kind="students"
        name="student"
        label={t("plans.filters.student")}
        semester={semester}
        initial={student ? { id: student.id, label: student.full_name, hint: null } : null}
      />
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <Label htmlFor="plan-q">{t("plans.filters.search")}</Label>
        <Input id="plan-q" type="search" name="q" defaultValue={q ?? ""} />
      </div>
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="plan-replaced">{t("plans.filters.replaced")}</Label>
        <Select id="plan-replaced" name="replaced" defaultValue={replaced ?? ""}>
          <option value="">{t("plans.filters.replacedAny")}</option>
          <DaysOptions periods={REPLACED_PERIODS} t={t} />
        </Select>
      </div>
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="plan-sort">{t("plans.filters.sort")}</Label>
        <Select id="plan-sort" name="sort" defaultValue={sort ?? ""}>
          <option value="">{t("plans.filters.sortDefault")}</option>
          <option value="changed">{t("plans.filters.sortChanged")}</option>
        </Select>
      </div>
      <Button type="submit">{t("plans.filters.apply")}</Button>
      {status || student || q || replaced || sort ? (
        <Link href={hrefWith("/plans", { semester })} className={linkClass}>
          {t("plans.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}

/** The choices of a "within the last N days" filter (changed, replaced). */
export function DaysOptions({ periods, t }: { periods: readonly string[]; t: Translate }) {
  return periods.map((days) => (
    <option key={days} value={days}>
      {t("plans.filters.replacedIn", { days: Number(days) })}
    </option>
  ));
}
