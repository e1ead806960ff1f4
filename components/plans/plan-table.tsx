import Link from "next/link";
import { DataTable, RowHeader } from "@/components/halqas/data-table";
import { linkClass } from "@/components/halqas/form-controls";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { LearningPlan } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";
import { planStatusLabel } from "./labels";

type Props = {
  plans: LearningPlan[];
  studentNames: ReadonlyMap<string, string>;
  caption: string;
  t: Translate;
  formatDate: (value: string) => string;
};

/** One page of plans: the student (the row's name, linking to the plan), the plan, its state and period. */
export function PlanTable({ plans, studentNames, caption, t, formatDate }: Props) {
  const columns = [{ label: t("plans.list.student") }, { label: t("plans.list.name") }, { label: t("plans.list.state") }, { label: t("plans.list.period") }];
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
            <Badge variant={plan.status === "active" ? "default" : "secondary"}>{planStatusLabel(t, plan.status)}</Badge>
          </TableCell>
          <TableCell className="whitespace-normal">{t("plans.list.periodRange", { start: formatDate(plan.period_start), target: formatDate(plan.target_completion_date) })}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
