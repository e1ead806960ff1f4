import { DataTable, RowHeader } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { RangeLabel } from "@/components/students/recitation-history";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { daysWithSeveralSessions } from "@/lib/features/family/attendance-times";
import type { ChildView } from "@/lib/features/family/queries";
import type { ParentAssignment } from "@/lib/features/plans/parent-view";
import type { I18n } from "@/i18n/server";
import { textLanguage } from "@/lib/i18n/text-language";
import { assignmentWork } from "@/lib/features/family/glance";

type Props = { child: ChildView; i18n: I18n };

export function FamilyAttendance({ child, i18n }: Props) {
  const { t, date, time, separator } = i18n;
  if (!child.attendance.length) return <EmptyState title={t("family.attendance.empty")} />;
  // Two sessions on one day are told apart by their time of day.
  const twice = daysWithSeveralSessions(child.attendance);
  return (
    <DataTable
      caption={t("family.attendance.caption")}
      columns={[{ label: t("family.attendance.date") }, { label: t("family.attendance.status") }]}
    >
      {child.attendance.map((mark) => (
        <TableRow key={`${mark.date}-${mark.startsAt}`}>
          <RowHeader>
            {date(mark.date, { hijri: true })}
            {twice.has(mark.date) ? (
              <>
                {separator}
                <time dateTime={mark.startsAt}>{time(mark.startsAt)}</time>
              </>
            ) : null}
          </RowHeader>
          <TableCell>
            {mark.status ? (
              t(`students.attendance.${mark.status}`)
            ) : (
              <span className="text-muted-foreground">{t("family.attendance.unmarked")}</span>
            )}
            {mark.open ? (
              <span className="text-muted-foreground">
                {separator}
                {t("family.attendance.inProgress")}
              </span>
            ) : null}
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
  // Three columns, each wrapping, so the table fits a phone's width without scrolling.
  const columns = [
    { label: t("students.recitations.date") },
    { label: t("family.recitations.what") },
    { label: t("students.recitations.rating") },
  ];
  return (
    <DataTable caption={t("family.recitations.caption")} columns={columns}>
      {child.recitations.map((recitation) => (
        <TableRow key={recitation.id} className="align-top">
          <RowHeader>{date(recitation.recordedAt)}</RowHeader>
          <TableCell className="whitespace-normal">
            <span className="block font-medium">{t(`students.recitations.kinds.${recitation.kind}`)}</span>
            <RangeLabel range={recitation.range} surahs={child.surahs} t={t} number={number} />
          </TableCell>
          <TableCell className="whitespace-normal">
            <span className="block">{recitation.rating}</span>
            {recitation.mistakes === null ? null : (
              <span className="block text-muted-foreground">
                {t("family.recitations.mistakes", { count: recitation.mistakes })}
              </span>
            )}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/**
 * One assignment in a family's words: current work says whether it was started and when it is due;
 * done work says only when it was finished (its group's heading already says "Done").
 */
function AssignmentCard({ assignment, i18n }: { assignment: ParentAssignment; i18n: I18n }) {
  const { t, date } = i18n;
  const done = assignment.status === "completed";
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        {done ? null : (
          <Badge variant={assignment.status === "in_progress" ? "default" : "secondary"}>
            {t(assignment.status === "in_progress" ? "family.assignments.started" : "family.assignments.notStarted")}
          </Badge>
        )}
        <span className="text-sm text-muted-foreground">
          {done
            ? t("family.assignments.completedOn", { date: date(assignment.completedAt ?? assignment.dueDate) })
            : t("family.assignments.due", { date: date(assignment.dueDate, { hijri: true }) })}
        </span>
      </div>
      {/* What to do, in the family's language from the assignment's passages; the school's own text after it,
          marked with its language and read in its own direction (English on an Arabic page keeps left to right). */}
      {assignment.segments.length ? (
        <p className="text-lg font-medium">
          {t("family.assignments.work", { work: assignmentWork(assignment.segments, i18n) })}
        </p>
      ) : null}
      {assignment.explanation ? (
        <div className="flex flex-col gap-0.5 text-sm">
          <span className="text-muted-foreground">{t("family.assignments.schoolWords")}</span>
          <p lang={textLanguage(assignment.explanation)} dir="auto">
            {assignment.explanation}
          </p>
        </div>
      ) : null}
    </li>
  );
}

export function FamilyAssignments({ child, i18n }: Props) {
  const { t } = i18n;
  if (!child.assignments) return <EmptyState title={t("family.assignments.unavailable")} />;
  const groups = [
    {
      key: "current",
      title: t("family.assignments.current"),
      items: child.assignments.current,
      empty: t("family.assignments.noCurrent"),
    },
    {
      key: "completed",
      title: t("family.assignments.completed"),
      items: child.assignments.completed,
      empty: t("family.assignments.noCompleted"),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <div key={group.key} className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">{group.title}</h3>
          {group.items.length ? (
            <ul className="flex flex-col gap-3">
              {group.items.map((assignment) => (
                <AssignmentCard key={assignment.id} assignment={assignment} i18n={i18n} />
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
