import { DataTable, RowHeader } from "@/components/halqas/data-table";
import { EmptyState } from "@/components/halqas/empty-state";
import { RangeLabel } from "@/components/students/recitation-history";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import type { ChildView } from "@/lib/features/family/queries";
import type { ParentAssignment } from "@/lib/features/plans/parent-view";
import type { I18n } from "@/lib/i18n/server";

type Props = { child: ChildView; i18n: I18n };

export function FamilyAttendance({ child, i18n }: Props) {
  const { t, date } = i18n;
  if (!child.attendance.length) return <EmptyState title={t("family.attendance.empty")} />;
  return (
    <DataTable caption={t("family.attendance.caption")} columns={[{ label: t("family.attendance.date") }, { label: t("family.attendance.status") }]}>
      {child.attendance.map((mark) => (
        <TableRow key={mark.date}>
          <RowHeader>{date(mark.date, { hijri: true })}</RowHeader>
          <TableCell>
            {mark.status ? t(`students.attendance.${mark.status}`) : <span className="text-muted-foreground">{t("family.attendance.unmarked")}</span>}
            {mark.status === "late" && mark.lateMinutes ? (
              <span className="text-muted-foreground">
                {i18n.separator}
                {t("family.attendance.late", { minutes: mark.lateMinutes })}
              </span>
            ) : null}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

export function FamilyRecitations({ child, i18n }: Props) {
  const { t, date, number } = i18n;
  if (!child.recitations.length) return <EmptyState title={t("family.recitations.empty")} />;
  const columns = (["date", "kind", "range", "rating", "mistakes"] as const).map((column) => ({ label: t(`students.recitations.${column}`) }));
  return (
    <DataTable caption={t("family.recitations.caption")} columns={columns}>
      {child.recitations.map((recitation) => (
        <TableRow key={recitation.id} className="align-top">
          <RowHeader>{date(recitation.recordedAt)}</RowHeader>
          <TableCell>{t(`students.recitations.kinds.${recitation.kind}`)}</TableCell>
          <TableCell>
            <RangeLabel range={recitation.range} surahs={child.surahs} t={t} number={number} />
          </TableCell>
          <TableCell>{recitation.rating}</TableCell>
          <TableCell className="tabular-nums">{recitation.mistakes === null ? <span className="text-muted-foreground">{t("students.notRecorded")}</span> : number(recitation.mistakes)}</TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

function AssignmentCard({ assignment, child, i18n }: { assignment: ParentAssignment } & Props) {
  const { t, date, number } = i18n;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={assignment.status === "completed" ? "secondary" : "default"}>{t(`plans.assignmentStatus.${assignment.status}`)}</Badge>
        <span className="text-sm text-muted-foreground">
          {assignment.status === "completed" && assignment.completedAt ? t("family.assignments.completedOn", { date: date(assignment.completedAt) }) : t("family.assignments.due", { date: date(assignment.dueDate, { hijri: true }) })}
        </span>
      </div>
      {assignment.explanation ? <p dir="auto">{assignment.explanation}</p> : null}
      {assignment.segments.length ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-medium">{t("family.assignments.segments")}</h4>
          <ol className="flex flex-col gap-1">
            {assignment.segments.map((segment) => (
              <li key={segment.order} className="text-sm">
                <span className="text-muted-foreground">{t(`students.recitations.kinds.${segment.trackType}`)}: </span>
                <RangeLabel range={{ start: { surah: segment.start.surah, ayah: segment.start.ayah }, end: { surah: segment.end.surah, ayah: segment.end.ayah } }} surahs={child.surahs} t={t} number={number} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </li>
  );
}

export function FamilyAssignments({ child, i18n }: Props) {
  const { t } = i18n;
  if (!child.assignments) return <EmptyState title={t("family.assignments.unavailable")} />;
  const groups = [
    { key: "current", title: t("family.assignments.current"), items: child.assignments.current, empty: t("family.assignments.noCurrent") },
    { key: "completed", title: t("family.assignments.completed"), items: child.assignments.completed, empty: t("family.assignments.noCompleted") },
  ];
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <div key={group.key} className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">{group.title}</h3>
          {group.items.length ? (
            <ul className="flex flex-col gap-3">
              {group.items.map((assignment) => (
                <AssignmentCard key={assignment.id} assignment={assignment} child={child} i18n={i18n} />
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{group.empty}</p>
          )}
        </div>
      ))}
    </div>
  );
}
