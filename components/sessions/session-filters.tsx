import Link from "next/link";
import { Choose } from "@/components/pickers/picker";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { Choice } from "@/lib/features/pickers/choices";
import type { SessionFilters as Filters } from "@/lib/features/sessions/list";
import type { I18n } from "@/i18n/server";

type Props = {
  filters: Filters;
  /** The halqa filter's choices (selectChoices), or null for a searchable picker (a large school). */
  halqas: readonly Choice[] | null;
  halqaName: string | null;
  semesterId: string | null;
  i18n: I18n;
};

/** A GET form: every filter lives in the URL, so a filtered list can be bookmarked and shared. */
export function SessionFilters({ filters, halqas, halqaName, semesterId, i18n }: Props) {
  const { t } = i18n;
  const reset = semesterId ? `/sessions?semester=${encodeURIComponent(semesterId)}` : "/sessions";
  return (
    <form
      method="get"
      action="/sessions"
      aria-label={t("sessions.filters.title")}
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4"
    >
      {semesterId ? <input type="hidden" name="semester" value={semesterId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Choose
          kind="halqas"
          id="filter-halqa"
          name="halqa"
          label={t("sessions.filters.halqa")}
          choices={halqas}
          placeholder={t("sessions.filters.allHalqas")}
          placeholderSelectable
          semester={semesterId ?? undefined}
          value={filters.halqaId ? { id: filters.halqaId, name: halqaName ?? filters.halqaId } : null}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="filter-status">{t("sessions.filters.status")}</Label>
          <Select id="filter-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("sessions.filters.anyStatus")}</option>
            <option value="open">{t("sessions.status.open")}</option>
            <option value="ended">{t("sessions.status.ended")}</option>
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="filter-from">{t("sessions.filters.from")}</Label>
          <Input id="filter-from" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="filter-to">{t("sessions.filters.to")}</Label>
          <Input id="filter-to" type="date" name="to" defaultValue={filters.to} />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{t("sessions.filters.apply")}</Button>
        <Link href={reset} className={buttonVariants({ variant: "outline" })}>
          {t("sessions.filters.reset")}
        </Link>
      </div>
    </form>
  );
}
