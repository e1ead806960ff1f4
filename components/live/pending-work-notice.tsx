"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { waitingSince, type EarlierWork } from "@/lib/features/live/outbox/pending";
import { openLiveStore } from "@/lib/features/live/outbox/store";
import type { Locale } from "@/lib/i18n/core";
import { formatMessage } from "@/lib/i18n/message-format";
import { schoolTime } from "@/lib/i18n/school-time";

type Props = {
  tenantId: string;
  locale: Locale;
  /** The school's zone (null when unknown), for the date of the oldest waiting change. */
  timeZone: string | null;
  /** `{n}` changes from `{date}` still waiting; the link opens the register holding the oldest. */
  strings: { message: string; link: string };
};

/**
 * Outside the register (the today page): this browser's live work from an earlier day that has
 * not reached the server yet, read from the stored queues of this school. Nothing shows otherwise.
 */
export function PendingWorkNotice({ tenantId, locale, timeZone, strings }: Props) {
  const [work, setWork] = useState<{ earlier: EarlierWork; sessionId: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    openLiveStore()
      .list(tenantId)
      .then((records) => {
        const earlier = waitingSince(records, today.getTime());
        if (!live || !earlier) return;
        const oldest = records.find((r) => [...r.marks.map((m) => m.changedAt), ...r.recitations.map((x) => x.createdAt)].includes(earlier.oldest));
        setWork({ earlier, sessionId: oldest?.sessionId ?? null });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenantId]);
  if (!work) return null;
  const date = schoolTime(locale, timeZone).date(new Date(work.earlier.oldest));
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive p-3 text-destructive">
      <p>{formatMessage(locale, strings.message, { n: work.earlier.count, date })}</p>
      {work.sessionId ? (
        <Link href={`/sessions/${encodeURIComponent(work.sessionId)}/live`} className="inline-flex min-h-11 items-center underline underline-offset-4">
          {strings.link}
        </Link>
      ) : null}
    </div>
  );
}
