import Link from "next/link";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { PlanHeardRow } from "@/lib/features/overview/load";
import type { I18n } from "@/lib/i18n/core";
import { OverviewTable } from "./overview-table";

/** Plan against register per halqa: assignments due within a week, heard, partly heard, not heard yet; each halqa links to its own list. */
export function PlanHeardTable({ rows, i18n, caption }: { rows: PlanHeardRow[]; i18n: I18n; caption: string }) {
  const { t } = i18n;
  return (
    <OverviewTable
      caption={caption}
      columns={[
        t("overview.home.figures.columns.halqa"),
        t("overview.home.planHeard.due"),
        t("live.planHeard.states.heard"),
        t("live.planHeard.states.partly"),
        t("live.planHeard.states.not_heard"),
      ]}
    >
      {rows.map((row) => (
        <TableRow key={row.halqa.id}>
          <TableHead scope="row" className="font-medium text-foreground">
            <Link
              href={`/halqas/${encodeURIComponent(row.halqa.id)}#plan-heard-heading`}
              prefetch={false}
              className="underline-offset-4 hover:underline"
            >
              <bdi>{row.halqa.name}</bdi>
            </Link>
          </TableHead>
          <TableCell>{i18n.number(row.due)}</TableCell>
          <TableCell>{i18n.number(row.heard)}</TableCell>
          <TableCell>{i18n.number(row.partly)}</TableCell>
          <TableCell className={row.notHeard > 0 ? "font-semibold text-destructive" : undefined}>
            {i18n.number(row.notHeard)}
          </TableCell>
        </TableRow>
      ))}
    </OverviewTable>
  );
}
