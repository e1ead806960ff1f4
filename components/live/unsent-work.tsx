"use client";

import { Button } from "@/components/ui/button";
import type { QueueMark, QueueRecitation } from "@/lib/features/live/queue";
import type { MarkStatus, RecitationKind } from "@/lib/features/live/types";
import { unsentCsv, type UnsentHeadings } from "@/lib/features/live/unsent-csv";

export type UnsentStrings = { summary: string; hint: string; download: string; headings: UnsentHeadings };

type Props = {
  sessionId: string;
  marks: readonly QueueMark[];
  recitations: readonly QueueRecitation[];
  names: ReadonlyMap<string, string>;
  statusLabels: Record<MarkStatus, string>;
  kindLabels: Record<RecitationKind, string>;
  strings: UnsentStrings;
  fmt: (template: string, vars: Record<string, string | number>) => string;
};

/**
 * While the school refuses changes, the work this tablet holds is neither lost nor silently waiting:
 * it is counted here, each row shows it as not sent, and the teacher can take it away as CSV.
 */
export function UnsentWork({ sessionId, marks, recitations, names, statusLabels, kindLabels, strings: s, fmt }: Props) {
  const count = marks.length + recitations.length;
  if (count === 0) return null;
  const download = () => {
    const csv = unsentCsv({
      marks,
      recitations,
      nameOf: (id) => names.get(id) ?? id,
      statusLabel: (status) => statusLabels[status],
      kindLabel: (kind) => kindLabels[kind],
      headings: s.headings,
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
        {fmt(s.summary, { n: count })} {s.hint}
      </p>
      <Button variant="outline" onClick={download}>
        {s.download}
      </Button>
    </div>
  );
}
