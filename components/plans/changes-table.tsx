import Link from "next/link";
import { DataTable, RowHeader } from "@/components/ui/data-table";
import { linkClass } from "@/components/ui/text-link";
import { TableCell, TableRow } from "@/components/ui/table";
import type { ChangeGroup } from "@/lib/features/plans/changes-view";
import type { PlanChange } from "@/lib/features/plans/changes";
import type { I18n } from "@/i18n/server";
import { assignmentAnchor } from "./assignment-timeline";
import { planStatusLabel } from "./labels";

type Props = { group: ChangeGroup; halqaName: string | null; numbers: ReadonlyMap<string, number>; i18n: I18n };

function What({ change, numbers, i18n }: { change: PlanChange; numbers: ReadonlyMap<string, number>; i18n: I18n }) {
  const { t } = i18n;
  if (change.kind === "planState")
    return (
      <>
        {t("plans.changes.planState", {
          from: planStatusLabel(t, change.from ?? ""),
          to: planStatusLabel(t, change.to ?? ""),
        })}
      </>
    );
  const replacement = change.replacementId ? numbers.get(change.replacementId) : undefined;
  return (
    <>
      {t(`plans.changes.kinds.${change.kind}`)}
      {replacement ? ` ${t("plans.changes.replacedBy", { number: replacement })}` : null}
    </>
  );
}

/** One plan's changes in the period, newest first, under a heading naming the student, their halqa and the plan; each row links into the plan's timeline. */
export function ChangeGroupSection({ group, halqaName, numbers, i18n }: Props) {
  const { t, date } = i18n;
  const { plan, student } = group;
  const href = `/plans/${encodeURIComponent(plan.id)}`;
  const headingId = `changes-${plan.id}`;
  const studentName = student?.name ?? t("plans.changes.studentUnknown");
  const columns = [
    { label: t("plans.changes.when") },
    { label: t("plans.changes.what") },
    { label: t("plans.changes.assignment") },
  ];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold">
        <bdi>{studentName}</bdi>
        {halqaName ? (
          <span className="font-normal text-muted-foreground">
            {i18n.separator}
            <bdi>{halqaName}</bdi>
          </span>
        ) : null}
      </h2>
      <p className="text-sm">
        <Link href={href} className={linkClass} dir="auto">
          {plan.name}
        </Link>
      </p>
      <DataTable caption={t("plans.changes.caption", { plan: plan.name, student: studentName })} columns={columns}>
        {group.changes.map((change) => {
          const number = change.assignmentId ? numbers.get(change.assignmentId) : undefined;
          return (
            <TableRow key={`${change.kind}-${change.assignmentId ?? change.planId}-${change.at}`}>
              <RowHeader>
                <time dateTime={change.at}>{date(change.at, { time: true })}</time>
              </RowHeader>
              <TableCell className="whitespace-normal">
                <What change={change} numbers={numbers} i18n={i18n} />
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
    </section>
  );
}
