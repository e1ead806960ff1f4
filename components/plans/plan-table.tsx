import Link from "next/link";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { linkClass } from "@/components/ui/text-link";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { LearningPlan } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";
import type { ReplacementSummary } from "@/lib/features/plans/changes";
import { planStatusLabel } from "./labels";

function Replacements({
  summary,
  t,
  formatTime,
}: {
  summary?: ReplacementSummary & { lately: boolean };
  t: Translate;
  formatTime: (value: string) => string;
}) {
  if (!summary?.lastAt) return <span className="text-muted-foreground">{t("plans.list.noReplacement")}</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      {summary.lately ? <Badge variant="warning">{t("plans.list.replacedLately")}</Badge> : null}
      <span className="text-sm">
        {t("plans.list.replacements", { count: summary.count, time: formatTime(summary.lastAt) })}
      </span>
    </div>
  );
}

type Props = {
  plans: LearningPlan[];
  studentNames: ReadonlyMap<string, string>;
  caption: string;
  t: Translate;
  formatDate: (value: string) => string;
  /** A time in the school's zone. */
  formatTime: (value: string) => string;
  /** Replacements per plan (plans without one are absent); `lately` marks a recent last one. */
  replacements: ReadonlyMap<string, ReplacementSummary & { lately: boolean }>;
};

/** One page of plans: the student (the row's name, linking to the plan), the plan, its state, period, last change and replacements. */
export function PlanTable({ plans, studentNames, caption, t, formatDate, formatTime, replacements }: Props) {
  const columns = [
    { label: t("plans.list.student") },
    { label: t("plans.list.name") },
    { label: t("plans.list.state") },
    { label: t("plans.list.period") },
    { label: t("plans.list.lastChange") },
    { label: t("plans.list.changes") },
  ];
  return (
    <DataTable caption={caption} columns={columns}>
      {plans.map((plan) => (
        <TableRow key={plan.id}>
          <RowHeader>
            <Link href={`/plans/${plan.id}`} className={linkClass} dir="auto">
              {studentNames.get(plan.student_id) ?? t("plans.list.unknownStudent")}
            </Link>
          </RowHeader>
          <TableCell dir="auto">{plan.name}</TableCell>
          <TableCell>
            <Badge variant={plan.status === "active" ? "default" : "secondary"}>
              {planStatusLabel(t, plan.status)}
            </Badge>
          </TableCell>
          <TableCell className="whitespace-normal">
            {t("plans.list.periodRange", {
              start: formatDate(plan.period_start),
              target: formatDate(plan.target_completion_date),
            })}
          </TableCell>
          <TableCell className="whitespace-normal">
            <time dateTime={plan.updated_at}>{formatTime(plan.updated_at)}</time>
          </TableCell>
          <TableCell className="whitespace-normal">
            <Replacements summary={replacements.get(plan.id)} t={t} formatTime={formatTime} />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
