import Link from "next/link";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { linkClass } from "@/components/ui/text-link";
import { TableCell, TableRow } from "@/components/ui/table";
import type { RecentChanges } from "@/lib/features/plans/mirror/recent-changes";
import type { I18n } from "@/lib/i18n/server";
import { assignmentAnchor } from "./assignment-timeline";
import { planStatusLabel } from "./labels";

/** The week's changes across plans, newest first, each linking into its plan's timeline. */
export function ChangesTable({ changes, plans, numbers, i18n }: Pick<RecentChanges, "changes" | "plans" | "numbers"> & { i18n: I18n }) {
  const { t, date } = i18n;
  const columns = [{ label: t("plans.changes.when") }, { label: t("plans.changes.plan") }, { label: t("plans.changes.what") }, { label: t("plans.changes.assignment") }];
  return (
    <DataTable caption={t("plans.changes.caption")} columns={columns}>
      {changes.map((change) => {
        const plan = plans.get(change.planId);
        const href = `/plans/${encodeURIComponent(change.planId)}`;
        const number = change.assignmentId ? numbers.get(change.assignmentId) : undefined;
        const replacement = change.replacementId ? numbers.get(change.replacementId) : undefined;
        return (
          <TableRow key={`${change.kind}-${change.assignmentId ?? change.planId}-${change.at}`}>
            <RowHeader>
              <time dateTime={change.at}>{date(change.at, { time: true })}</time>
            </RowHeader>
            <TableCell className="whitespace-normal">
              <Link href={href} className={linkClass} dir="auto">
                {plan?.name ?? change.planId}
              </Link>
            </TableCell>
            <TableCell className="whitespace-normal">
              {change.kind === "planState" ? (
                t("plans.changes.planState", { from: planStatusLabel(t, change.from ?? ""), to: planStatusLabel(t, change.to ?? "") })
              ) : (
                <>
                  {t(`plans.changes.kinds.${change.kind}`)}
                  {replacement ? ` ${t("plans.changes.replacedBy", { number: replacement })}` : null}
                </>
              )}
            </TableCell>
            <TableCell>
              {number && change.assignmentId ? (
                <Link href={`${href}#${assignmentAnchor(change.assignmentId)}`} className={linkClass}>
                  {t("plans.timeline.number", { number })}
                </Link>
              ) : null}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
