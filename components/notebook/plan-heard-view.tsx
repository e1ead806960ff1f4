import { separatorOf } from "@/lib/i18n/school-time";
import { formatRange, type SurahOption } from "@/lib/features/live/recitation-form";
import type { PlanHeard } from "@/lib/features/notebook/plan-heard";
import type { I18n } from "@/lib/i18n/core";
import { cn } from "@/lib/utils";

/** Plan against register (issue 29): each published assignment due within a week, heard or not yet; a halqa's with each student's name. */
export function PlanHeardView({
  items,
  surahs,
  names,
  i18n,
}: {
  items: readonly PlanHeard[];
  surahs: readonly SurahOption[];
  names?: ReadonlyMap<string, string>;
  i18n: Pick<I18n, "t" | "locale" | "number" | "date">;
}) {
  const { t, locale, number, date } = i18n;
  if (items.length === 0) return <p className="text-muted-foreground">{t("live.planHeard.none")}</p>;
  const count = (state: PlanHeard["state"]) => items.filter((item) => item.state === state).length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {t("live.planHeard.counts", {
          all: items.length,
          heard: count("heard"),
          partly: count("partly"),
          notHeard: count("not_heard"),
        })}
      </p>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.assignmentId}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3"
          >
            {names ? <bdi className="font-medium">{names.get(item.studentId) ?? item.studentId}</bdi> : null}
            <span>{t("live.planHeard.due", { date: date(item.dueDate) })}</span>
            <span className="text-muted-foreground">
              {item.segments
                .map(
                  (s) =>
                    `${t(`live.recitation.kinds.${s.track_type}`)}: ${formatRange(s.range, surahs, locale, number)}`,
                )
                .join(separatorOf(locale))}
            </span>
            <span
              className={cn(
                "ms-auto font-medium",
                item.state === "heard"
                  ? "text-emerald-800 dark:text-emerald-300"
                  : item.state === "partly"
                    ? "text-amber-800 dark:text-amber-300"
                    : "text-destructive",
              )}
            >
              {t(`live.planHeard.states.${item.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
