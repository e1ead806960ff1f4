import type { ProgressFreshness } from "@/lib/features/progress/read-model";
import type { I18n } from "@/lib/i18n/core";

/** How fresh the progress read model is (docs/progress.md), said plainly. */
export function Freshness({ freshness, i18n }: { freshness: ProgressFreshness; i18n: Pick<I18n, "t" | "date"> }) {
  const { t } = i18n;
  if (!freshness.lastCompletedAt) return <p className="text-sm text-muted-foreground">{t("glance.freshnessNever")}</p>;
  return (
    <p className="text-sm text-muted-foreground">
      {t("glance.freshness", { when: i18n.date(freshness.lastCompletedAt, { time: true }) })}{" "}
      {freshness.running ? t("glance.freshnessRunning") : null}
    </p>
  );
}
