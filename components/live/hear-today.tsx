"use client";

import { Button } from "@/components/ui/button";
import { formatRange, type QuranRange, type SurahOption } from "@/lib/features/live/recitation-form";
import type { RecitationKind } from "@/lib/features/live/types";
import type { HearToday } from "@/lib/features/notebook/hear-today";
import { useLocale, useNumber, useT } from "@/lib/i18n/client";

/** What to hear today (issue 29): each suggestion, one tap, fills the recitation form with its kind and range. */
export function HearTodayChoices({
  hear,
  surahs,
  onPick,
}: {
  hear: HearToday;
  surahs: readonly SurahOption[];
  onPick: (kind: RecitationKind, range: QuranRange) => void;
}) {
  const t = useT("live");
  const locale = useLocale();
  const number = useNumber();
  const items: { kind: RecitationKind; range: QuranRange; detail: string }[] = [];
  if (hear.newLesson)
    items.push({
      kind: "new_memorization",
      range: hear.newLesson.range,
      detail: hear.newLesson.source === "plan" ? t("hear.fromPlan") : t("hear.afterLast"),
    });
  if (hear.recent)
    items.push({
      kind: "recent_revision",
      range: hear.recent.range,
      detail: t("hear.lastPages", { pages: hear.recent.pages }),
    });
  if (hear.old)
    items.push({
      kind: "old_revision",
      range: hear.old.range,
      detail: t("hear.overdue", { overdue: hear.old.overdueDays }),
    });
  return (
    <section aria-label={t("hear.title")} className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("hear.title")}</h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">{t("hear.nothing")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {items.map((item) => (
            <Button
              key={item.kind}
              type="button"
              variant="outline"
              className="h-auto min-h-11 flex-col items-start gap-0 py-1 text-start"
              onClick={() => onPick(item.kind, item.range)}
            >
              <span className="font-semibold">
                {t(`recitation.kinds.${item.kind}`)}: {formatRange(item.range, surahs, locale, number)}
              </span>
              <span className="text-xs text-muted-foreground">{item.detail}</span>
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
