import Link from "next/link";
import type { I18n } from "@/lib/i18n/core";
import { isRightToLeft } from "@/lib/i18n/locales";
import type { AttentionReason } from "@/lib/features/progress/attention";
import type { AttentionItem } from "@/lib/features/progress/glance";

/** One reason in the reader's words. */
export function reasonText(i18n: Pick<I18n, "t" | "locale" | "number">, reason: AttentionReason): string {
  const { t } = i18n;
  switch (reason.kind) {
    case "not_heard":
      return reason.days === null
        ? t("glance.attention.neverHeard")
        : t("glance.attention.notHeard", { days: reason.days });
    case "falling_ratings":
      return t("glance.attention.falling", {
        ratings: reason.ratings.map((r) => i18n.number(r)).join(isRightToLeft(i18n.locale) ? " ← " : " → "),
      });
    case "absence_streak":
      return t("glance.attention.streak", { sessions: reason.sessions });
    case "chronic_absence":
      return t("glance.attention.chronic", { missed: reason.missed, counted: reason.counted });
  }
}

type ListProps = {
  items: readonly (AttentionItem & { halqaId?: string })[];
  i18n: Pick<I18n, "t" | "locale" | "number" | "separator">;
  labelledBy: string;
  /** Across halqas (Today): each student's halqa by name, in one compact line per student, so two "Malik" are told apart. */
  halqaNames?: ReadonlyMap<string, string>;
};

/** Students who need attention, each with every reason, linking to the student's page. */
export function AttentionList({ items, i18n, labelledBy, halqaNames }: ListProps) {
  if (halqaNames) return <CompactList items={items} i18n={i18n} labelledBy={labelledBy} halqaNames={halqaNames} />;
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.studentId} className="rounded-md border border-border bg-card px-4 py-3">
          {/* Not prefetched: up to eight student pages fetched on every load of Today is a cheap tablet's network and main thread gone (issue 31). */}
          <Link
            href={`/students/${encodeURIComponent(item.studentId)}`}
            prefetch={false}
            className="inline-flex min-h-6 items-center font-medium underline-offset-4 hover:underline"
          >
            <bdi>{item.name}</bdi>
          </Link>
          <ul className="mt-1 list-disc ps-5 text-sm text-muted-foreground">
            {item.reasons.map((reason) => (
              <li key={reason.kind}>{reasonText(i18n, reason)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function CompactList({ items, i18n, labelledBy, halqaNames }: ListProps & { halqaNames: ReadonlyMap<string, string> }) {
  const { t } = i18n;
  return (
    <ul
      aria-labelledby={labelledBy}
      className="flex flex-col divide-y divide-border rounded-md border border-border bg-card text-sm"
    >
      {items.map((item) => {
        const halqa = item.halqaId ? halqaNames.get(item.halqaId) : undefined;
        return (
          <li key={item.studentId} className="px-3 py-2">
            {/* Not prefetched either (Today's list): see AttentionList. */}
            <Link
              href={`/students/${encodeURIComponent(item.studentId)}`}
              prefetch={false}
              className="inline-flex min-h-6 items-center font-medium underline-offset-4 hover:underline"
            >
              <bdi>{item.name}</bdi>
            </Link>
            {halqa ? (
              <span className="text-muted-foreground">
                {" "}
                {t("home.attentionHalqa", { halqa: "\u2068" + halqa + "\u2069" })}
              </span>
            ) : null}
            <span className="text-muted-foreground">
              {i18n.separator}
              {item.reasons.map((reason) => reasonText(i18n, reason)).join(i18n.separator)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
