import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { hrefWith } from "@/lib/web/search-params";
import type { Translate } from "@/lib/i18n/core";
import { linkClass } from "@/components/ui/text-link";

type Props = { t: Translate; semester: string; active?: "true" | "false"; q?: string };

/** State and name filters in the URL (`?active=&q=`), keeping the semester: a GET form. */
export function HalqaFilters({ t, semester, active, q }: Props) {
  return (
    // Keyed by the URL state: after a client-side navigation the controls show the new values.
    <form
      key={`${semester}|${active ?? ""}|${q ?? ""}`}
      method="get"
      action="/halqas"
      role="search"
      aria-label={t("halqas.filters.label")}
      className="flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="semester" value={semester} />
      <div className="flex min-w-40 flex-col gap-2">
        <Label htmlFor="halqa-active">{t("halqas.filters.state")}</Label>
        <Select id="halqa-active" name="active" defaultValue={active ?? ""}>
          <option value="">{t("halqas.filters.all")}</option>
          <option value="true">{t("halqas.filters.active")}</option>
          <option value="false">{t("halqas.filters.inactive")}</option>
        </Select>
      </div>
      <div className="flex min-w-56 flex-1 flex-col gap-2">
        <Label htmlFor="halqa-q">{t("halqas.filters.search")}</Label>
        <Input id="halqa-q" type="search" name="q" defaultValue={q ?? ""} />
      </div>
      <Button type="submit">{t("halqas.filters.apply")}</Button>
      {active || q ? (
        <Link href={hrefWith("/halqas", { semester })} className={linkClass}>
          {t("halqas.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}
