import Link from "next/link";
import type { Sheikh } from "@/lib/contract";
import type { LineageEntry } from "@/lib/features/halqas/queries";
import type { Translate } from "@/lib/i18n/core";
import { EmptyState } from "@/components/ui/empty-state";
import { linkClass } from "@/components/ui/text-link";

/** The sheikhs who may lead the halqa's sessions. */
export function EligibleSheikhs({ sheikhs, t }: { sheikhs: readonly Pick<Sheikh, "id" | "name">[]; t: Translate }) {
  if (!sheikhs.length) return <EmptyState title={t("halqas.detail.sheikhsEmpty")} />;
  return (
    <ul className="flex flex-col gap-2">
      {sheikhs.map((sheikh) => (
        <li key={sheikh.id} className="rounded-md border border-border bg-card px-4 py-3">
          {sheikh.name}
        </li>
      ))}
    </ul>
  );
}

/** Links to the same halqa in other semesters. */
export function HalqaLineage({ others, t }: { others: readonly LineageEntry[]; t: Translate }) {
  if (!others.length) return <EmptyState title={t("halqas.detail.lineageEmpty")} />;
  return (
    <ul className="flex flex-col gap-1">
      {others.map(({ halqa, semester }) => (
        <li key={halqa.id}>
          <Link href={`/halqas/${encodeURIComponent(halqa.id)}`} className={linkClass}>
            {t("halqas.detail.lineageLink", {
              halqa: halqa.name,
              semester: semester?.name ?? "",
              status: semester ? t(`halqas.semester.status.${semester.status}`) : "",
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
