"use client";

import Link from "next/link";
import { LinkPending } from "@/components/ui/link-pending";
import { useEffect, useState } from "react";
import { waitingSince, type EarlierWork } from "@/lib/features/live/outbox/pending";
import { openLiveStore } from "@/lib/features/live/outbox/store";
import { useSchoolTime, useT } from "@/lib/i18n/client";

/**
 * Outside the register (the today page): this browser's live work from an earlier day that has
 * not reached the server yet, read from the stored queues of this school. Nothing shows otherwise.
 * Words: `live.stalePending` (`{n}` changes from `{date}`, in the school's zone) and the link to the
 * register holding the oldest, from the page's <ClientStrings>.
 */
export function PendingWorkNotice({ tenantId }: { tenantId: string }) {
  const t = useT("live");
  const { date } = useSchoolTime();
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
        const oldest = records.find((r) =>
          [...r.marks.map((m) => m.changedAt), ...r.recitations.map((x) => x.createdAt)].includes(earlier.oldest),
        );
        setWork({ earlier, sessionId: oldest?.sessionId ?? null });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [tenantId]);
  if (!work) return null;

  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-destructive p-3 text-destructive"
    >
      <p>{t("stalePending", { n: work.earlier.count, date: date(new Date(work.earlier.oldest)) })}</p>
      {work.sessionId ? (
        <Link
          href={`/sessions/${encodeURIComponent(work.sessionId)}/live`}
          className="inline-flex min-h-11 items-center gap-2 underline underline-offset-4"
        >
          {t("stalePendingLink")}
          <LinkPending />
        </Link>
      ) : null}
    </div>
  );
}
