import type { ReactNode } from "react";
import type { Period } from "@/lib/features/progress/period";
import type { I18n } from "@/lib/i18n/core";

/** A label and its value in the report's header or figures. */
export function ReportFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 break-inside-avoid">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Both ends of the period, each Gregorian with its Hijri date beside it (the one date helper). */
export function periodText(period: Period, { t, date }: Pick<I18n, "t" | "date">): string {
  return t("progressReport.period.shown", {
    from: date(period.from, { hijri: true }),
    to: date(period.to, { hijri: true }),
  });
}
