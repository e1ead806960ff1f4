"use client";

import { Button } from "@/components/ui/button";
import type { QueueMark, QueueRecitation } from "@/lib/features/live/outbox/queue";
import { UNSENT_HEADINGS, unsentCsv, type UnsentHeadings } from "@/lib/features/live/outbox/unsent-csv";
import { useMessageText, useT } from "@/lib/i18n/client";

type Props = {
  sessionId: string;
  marks: readonly QueueMark[];
  recitations: readonly QueueRecitation[];
  names: ReadonlyMap<string, string>;
};

/**
 * While the school refuses changes, the work this tablet holds is neither lost nor silently waiting:
 * it is counted here, each row shows it as not sent, and the teacher can take it away as CSV.
 */
export function UnsentWork({ sessionId, marks, recitations, names }: Props) {
  const t = useT("live");
  const text = useMessageText();
  const count = marks.length + recitations.length;
  if (count === 0) return null;
  const download = () => {
    const csv = unsentCsv({
      marks,
      recitations,
      nameOf: (id) => names.get(id) ?? id,
      statusLabel: (status) => t(`status.${status}`),
      kindLabel: (kind) => t(`recitation.kinds.${kind}`),
      headings: Object.fromEntries(UNSENT_HEADINGS.map((key) => [key, t(`unsent.headings.${key}`)])) as UnsentHeadings,
      reasonText: text,
    });
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `unsent-${sessionId}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p>
        {t("unsent.summary", { n: count })} {t("unsent.hint")}
      </p>
      <Button variant="outline" onClick={download}>
        {t("unsent.download")}
      </Button>
    </div>
  );
}
