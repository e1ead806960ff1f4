import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Period } from "@/lib/features/progress/period";
import type { I18n } from "@/lib/i18n/core";
import { PrintButton } from "./print-button";

/**
 * The report's period (a plain GET form, so a period is a link one can share) and the Print button.
 * Hidden when printing.
 */
export function PeriodPicker({
  path,
  period,
  hasTerm,
  rejected,
  i18n,
}: {
  path: string;
  period: Period;
  hasTerm: boolean;
  rejected: boolean;
  i18n: Pick<I18n, "t">;
}) {
  const { t } = i18n;
  const quick = [
    ["month", t("progressReport.period.month")],
    ["last-month", t("progressReport.period.lastMonth")],
    ...(hasTerm ? [["term", t("progressReport.period.term")] as const] : []),
  ] as const;
  return (
    <div data-print="hide" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
      <form
        method="get"
        action={path}
        className="flex flex-wrap items-end gap-3"
        aria-label={t("progressReport.period.legend")}
      >
        <nav aria-label={t("progressReport.period.legend")} className="flex flex-wrap gap-x-4">
          {quick.map(([kind, label]) => (
            <Link
              key={kind}
              href={`${path}?period=${kind}`}
              aria-current={period.kind === kind ? "page" : undefined}
              className={linkClass}
            >
              {label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-col gap-1">
          <Label htmlFor="report-from">{t("progressReport.period.from")}</Label>
          <Input id="report-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="report-to">{t("progressReport.period.to")}</Label>
          <Input id="report-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <Button type="submit" variant="outline">
          {t("progressReport.period.show")}
        </Button>
        <PrintButton label={t("progressReport.print")} />
      </form>
      {rejected ? (
        <p role="status" className="text-sm font-medium">
          {t("progressReport.period.invalid")}
        </p>
      ) : null}
    </div>
  );
}
