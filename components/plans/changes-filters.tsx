import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { linkClass } from "@/components/ui/text-link";
import type { Halqa } from "@/lib/contract";
import { CHANGE_KINDS, CHANGES_PERIODS, type ChangesFilters } from "@/lib/features/plans/changes-view";
import type { Translate } from "@/lib/i18n/core";
import { DaysOptions } from "./plan-filters";

/** Halqa, kind of change and period in the URL (`?halqa=&kind=&period=`): a GET form; a new filter starts at page 1. */
export function ChangesFilterForm({
  t,
  filters,
  halqas,
}: {
  t: Translate;
  filters: ChangesFilters;
  halqas: readonly Halqa[];
}) {
  const filtered = Boolean(filters.halqa || filters.kind || filters.period !== "7");
  return (
    <form
      key={`${filters.halqa ?? ""}|${filters.kind ?? ""}|${filters.period}`}
      method="get"
      action="/plans/changes"
      role="search"
      aria-label={t("plans.changes.filters.label")}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="changes-halqa">{t("plans.changes.filters.halqa")}</Label>
        <Select id="changes-halqa" name="halqa" defaultValue={filters.halqa ?? ""}>
          <option value="">{t("plans.changes.filters.allHalqas")}</option>
          {halqas.map((halqa) => (
            <option key={halqa.id} value={halqa.id}>
              {halqa.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="changes-kind">{t("plans.changes.filters.kind")}</Label>
        <Select id="changes-kind" name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">{t("plans.changes.filters.allKinds")}</option>
          {CHANGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`plans.changes.kinds.${kind}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="changes-period">{t("plans.changes.filters.period")}</Label>
        <Select id="changes-period" name="period" defaultValue={filters.period}>
          <DaysOptions periods={CHANGES_PERIODS} t={t} />
        </Select>
      </div>
      <Button type="submit">{t("plans.filters.apply")}</Button>
      {filtered ? (
        <Link href="/plans/changes" className={linkClass}>
          {t("plans.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}
