import { ActionForm } from "@/components/admin/action-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Badge } from "@/components/ui/badge";
import { PageSection } from "@/components/ui/page-section";
import { linkClass } from "@/components/ui/text-link";
import type { Student } from "@/lib/contract";
import { saveReportCardComment } from "@/lib/features/report-cards/actions";
import { COMMENT_MAX, commentsOf } from "@/lib/features/report-cards/comments";
import type { I18n } from "@/lib/i18n/core";
import { cn } from "@/lib/utils";

/**
 * The student page's report card part: the comment the teacher writes for the family (the only text
 * of theirs on the card, marked as read by parents) and the card's download. The comment is the
 * dashboard's own data, so this part asks the school's API nothing. Whoever sees the page (an admin,
 * the halqa's teacher) may write it; the action checks that again.
 */
export async function ReportCardSection({
  connectionId,
  student,
  i18n,
}: {
  connectionId: string;
  student: Pick<Student, "id" | "semester_id">;
  i18n: I18n;
}) {
  const { t } = i18n;
  const comment = (await commentsOf(connectionId, student.semester_id, [student.id])).get(student.id) ?? "";
  const href = `/students/${encodeURIComponent(student.id)}/report-card?semester=${encodeURIComponent(student.semester_id)}`;
  return (
    <PageSection id="report-card-heading" title={t("reportCards.comment.section")} className="gap-3">
      <a href={href} download className={`${linkClass} w-fit`}>
        {t("reportCards.download.student")}
      </a>
      <ClientStrings parts={["reportCards.comment"]}>
        <ActionForm
          action={saveReportCardComment}
          hidden={{ studentId: student.id }}
          submitLabel={t("reportCards.comment.save")}
          successMessage={t("reportCards.comment.saved")}
          className="max-w-xl"
        >
          <div className="flex basis-full flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="report-card-comment" className="text-sm font-medium">
                {t("reportCards.comment.label")}
              </label>
              <Badge id="report-card-parents" variant="warning">
                {t("reportCards.comment.parentsRead")}
              </Badge>
            </div>
            <p id="report-card-hint" className="text-sm text-muted-foreground">
              {t("reportCards.comment.hint")}
            </p>
            <textarea
              id="report-card-comment"
              name="comment"
              rows={4}
              // A little over the limit, so that a pasted text is refused with the reason rather than cut short unseen.
              maxLength={COMMENT_MAX * 2}
              dir="auto"
              defaultValue={comment}
              aria-describedby="report-card-parents report-card-hint"
              className={cn(
                "w-full min-w-0 rounded-md border border-border bg-card px-3 py-2 text-base text-foreground shadow-xs outline-none",
                "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
              )}
            />
          </div>
        </ActionForm>
      </ClientStrings>
    </PageSection>
  );
}
