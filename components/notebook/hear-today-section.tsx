import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { formatRange, type SurahOption } from "@/lib/features/live/recitation-form";
import type { RecitationKind } from "@/lib/features/live/types";
import { hearHref } from "@/lib/features/notebook/hear-student";
import type { HearRange, HearToday } from "@/lib/features/notebook/hear-today";
import type { I18n } from "@/lib/i18n/core";

/** The student page's "what to hear today" (issue 29): each suggestion opens today's register on the student's recitation dialog, prefilled. */
export function HearTodaySection({
  hear,
  sessionId,
  studentId,
  surahs,
  i18n,
}: {
  hear: HearToday;
  sessionId: string | null;
  studentId: string;
  surahs: readonly SurahOption[];
  i18n: Pick<I18n, "t" | "locale" | "number">;
}) {
  const { t, locale, number } = i18n;
  const items: { kind: RecitationKind; range: HearRange; detail: string }[] = [];
  if (hear.newLesson)
    items.push({
      kind: "new_memorization",
      range: hear.newLesson.range,
      detail: hear.newLesson.source === "plan" ? t("live.hear.fromPlan") : t("live.hear.afterLast"),
    });
  if (hear.recent)
    items.push({
      kind: "recent_revision",
      range: hear.recent.range,
      detail: t("live.hear.lastPages", { pages: hear.recent.pages }),
    });
  if (hear.old)
    items.push({
      kind: "old_revision",
      range: hear.old.range,
      detail: t("live.hear.overdue", { overdue: hear.old.overdueDays }),
    });
  if (items.length === 0) return <p className="text-muted-foreground">{t("live.hear.nothing")}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {items.map((item) => {
          const words = `${t(`live.recitation.kinds.${item.kind}`)}: ${formatRange(item.range, surahs, locale, number)}`;
          return (
            <li
              key={item.kind}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3"
            >
              <span className="font-medium">{words}</span>
              <span className="text-sm text-muted-foreground">{item.detail}</span>
              {sessionId ? (
                <Link
                  href={hearHref(sessionId, studentId, item.kind, item.range)}
                  aria-label={t("live.hear.openLabel", { what: words })}
                  className={`${linkClass} ms-auto inline-flex min-h-11 items-center`}
                >
                  {t("live.hear.open")}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      {sessionId ? null : <p className="text-sm text-muted-foreground">{t("live.hear.noSession")}</p>}
    </div>
  );
}
