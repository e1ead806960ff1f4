import type { SessionSummary } from "@/lib/features/sessions/list";
import type { I18n } from "@/i18n/server";

/** Present, absent, late, excused and recitations, as large numbers a teacher can read at a glance. */
export function SessionSummaryList({ summary, i18n }: { summary: SessionSummary; i18n: I18n }) {
  const { t, number } = i18n;
  const items = [
    [t("sessions.summary.present"), summary.present],
    [t("sessions.summary.absent"), summary.absent],
    [t("sessions.summary.late"), summary.late],
    [t("sessions.summary.excused"), summary.excused],
    [t("sessions.summary.recitations"), summary.recitations],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-1 rounded-lg border border-border bg-card p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{number(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
