"use client";

import { Button } from "@/components/ui/button";
import type { RegisterRecitation } from "@/lib/features/live/merge";
import { formatRange, type SurahOption } from "@/lib/features/live/recitation-form";
import { useLocale, useMessageText, useNumber, useT } from "@/lib/i18n/client";
import { cn } from "@/lib/utils";
import { useSecondsLeft } from "./undo-toast";

export type RatingOption = { value: number; label: string };

type Props = {
  name: string;
  recitations: readonly RegisterRecitation[];
  surahs: readonly SurahOption[];
  ratings: readonly RatingOption[];
  readOnly: boolean;
  onEdit: (rec: RegisterRecitation) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onUndo: (clientId: string) => void;
};

/** A student's recitations of this session with their state: waiting, sending, saved, or failed with the reason. */
export function RecitationList({
  name,
  recitations,
  surahs,
  ratings,
  readOnly,
  onEdit,
  onRetry,
  onDiscard,
  onUndo,
}: Props) {
  const t = useT("live");
  const locale = useLocale();
  const number = useNumber();
  const text = useMessageText();
  const ratingLabel = (value: number) => ratings.find((x) => x.value === value)?.label ?? number(value);
  if (recitations.length === 0) return <p className="text-muted-foreground">{t("recitation.none")}</p>;
  return (
    <ul aria-label={t("recitation.listLabel", { name })} className="flex flex-col gap-2">
      {recitations.map((rec) => (
        <li key={rec.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-2">
          <span>
            {t("recitation.item", {
              kind: t(`recitation.kinds.${rec.draft.kind}`),
              range: formatRange(rec.draft, surahs, locale, number),
              rating: ratingLabel(rec.draft.rating),
            })}
          </span>
          {rec.draft.mistakes ? (
            <span className="text-muted-foreground">{t("mistakes.total", { mistakes: rec.draft.mistakes })}</span>
          ) : null}
          {rec.heldUntil !== null ? (
            <HeldState until={rec.heldUntil} onUndo={() => onUndo(rec.key)} />
          ) : (
            <span className={cn(rec.state === "failed" ? "text-destructive" : "text-muted-foreground")}>
              {rec.state === "failed"
                ? t("row.failed", { reason: text(rec.reason ?? "") })
                : rec.state === "saved"
                  ? t("row.saved")
                  : rec.sending
                    ? t("row.sending")
                    : t("row.pending")}
            </span>
          )}
          {rec.state === "failed" && !readOnly ? (
            <span className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" className="min-h-11" onClick={() => onEdit(rec)}>
                {t("recitation.edit")}
              </Button>
              <Button size="sm" variant="outline" className="min-h-11" onClick={() => onRetry(rec.key)}>
                {t("row.retry")}
              </Button>
              <Button size="sm" variant="ghost" className="min-h-11" onClick={() => onDiscard(rec.key)}>
                {t("row.discard")}
              </Button>
            </span>
          ) : rec.state === "failed" ? (
            <Button size="sm" variant="ghost" className="min-h-11" onClick={() => onDiscard(rec.key)}>
              {t("row.discard")}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A recitation in its undo window: the seconds left and its Undo (inside the dialog, where the teacher is). */
function HeldState({ until, onUndo }: { until: number; onUndo: () => void }) {
  const t = useT("live");
  const seconds = useSecondsLeft(until) ?? 0;
  return (
    <span className="flex items-center gap-2">
      <span className="text-muted-foreground">{t("recitation.held", { s: seconds })}</span>
      <Button size="sm" variant="outline" className="min-h-11" onClick={onUndo}>
        {t("undo.action")}
      </Button>
    </span>
  );
}
