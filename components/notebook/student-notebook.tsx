import { PagePart } from "@/components/shell/page-part";
import { PageSection } from "@/components/ui/page-section";
import { SkeletonRows } from "@/components/ui/page-skeleton";
import type { School, Student } from "@/lib/contract";
import { dateIn } from "@/lib/dates";
import { loadStudentHear } from "@/lib/features/notebook/hear-student";
import { planHeardOf } from "@/lib/features/notebook/plan-heard-source";
import { notebookContext } from "@/lib/features/notebook/context";
import { studentWeakPassages } from "@/lib/features/notebook/weak-sources";
import { surahsFor } from "@/lib/features/reference";
import type { I18n } from "@/lib/i18n/core";
import { HearTodaySection } from "./hear-today-section";
import { PlanHeardView } from "./plan-heard-view";
import { WeakPassagesSection } from "./weak-passages-section";

type Props = { connectionId: string; student: Student; school: () => Promise<School>; here: string; i18n: I18n };

/** The student page's notebook (issue 29), staff only: what to hear today, plan against register, weak passages. No v1 call beyond the memoized school. */
export function StudentNotebook({ connectionId, student, school, here, i18n }: Props) {
  const { t } = i18n;
  return (
    <>
      <PageSection id="hear-today-heading" title={t("live.hear.title")} className="gap-3">
        <PagePart
          load={async () => {
            const { tenant, settings, surahs } = await notebookContext(connectionId, school);
            const found = await loadStudentHear({ connectionId, tenantId: tenant.id }, student, {
              today: dateIn(tenant.time_zone),
              timeZone: tenant.time_zone,
              settings,
            });
            return { ...found, surahs };
          }}
          fallback={<SkeletonRows count={3} className="h-11" />}
          retryHref={here}
          render={({ hear, sessionId, surahs }) => (
            <HearTodaySection hear={hear} sessionId={sessionId} studentId={student.id} surahs={surahs} i18n={i18n} />
          )}
        />
      </PageSection>

      <PageSection
        id="plan-heard-heading"
        title={t("live.planHeard.title")}
        hint={t("live.planHeard.hint")}
        className="gap-3"
      >
        <PagePart
          load={async () => {
            const [tenant, surahs] = await Promise.all([school(), surahsFor(connectionId)]);
            return {
              items: await planHeardOf({ connectionId, tenantId: tenant.id }, [student.id], dateIn(tenant.time_zone)),
              surahs,
            };
          }}
          fallback={<SkeletonRows count={2} className="h-11" />}
          retryHref={here}
          render={({ items, surahs }) => <PlanHeardView items={items} surahs={surahs} i18n={i18n} />}
        />
      </PageSection>

      <WeakPassagesSection
        connectionId={connectionId}
        school={school}
        weakOf={(scope, day) => studentWeakPassages(scope, student, day)}
        here={here}
        i18n={i18n}
      />
    </>
  );
}
