// v1 call budget: V1_CALL_BUDGETS["/family/children/[lineageId]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import { notFound } from "next/navigation";
import { FamilyAssignments, FamilyAttendance, FamilyRecitations } from "@/components/family/child-sections";
import { ChildMap, ChildSummary } from "@/components/family/child-progress";
import { ChildGlance } from "@/components/family/child-glance";
import { ChildSwitcher } from "@/components/family/child-switcher";
import { FamilyExcuses } from "@/components/excuses/family-excuses";
import { PageSection } from "@/components/ui/page-section";
import { linkClass } from "@/components/ui/text-link";
import { requireActor } from "@/lib/auth/session";
import { loadChild, loadChildren } from "@/lib/features/family/queries";
import { getI18n } from "@/i18n/server";
import { RefusalPage } from "@/components/shell/refusal-notice";
import { loadPage } from "@/lib/failures/page";
import { pageTitle } from "@/i18n/page-title";

type Props = { params: Promise<{ lineageId: string }> };

export const generateMetadata = pageTitle("nav.family.title");

/**
 * One child of the signed-in parent. Another family's child (any lineage id not linked to this
 * parent) is a 404 before the school's API is asked anything. Only the parent-safe view model
 * (`ChildView`) reaches the components, so nothing else can reach the HTML or the RSC payload.
 */
export default async function ChildPage({ params }: Props) {
  const actor = await requireActor(["parent"]);
  const [{ lineageId }, i18n] = await Promise.all([params, getI18n()]);
  if (!actor.studentLineageIds.includes(lineageId)) notFound();
  const { t, separator } = i18n;
  const loaded = await loadPage(() => Promise.all([loadChild(actor, lineageId, i18n.locale), loadChildren(actor)]));
  if (!loaded.ok)
    return (
      <RefusalPage
        title={t("nav.family.title")}
        failure={loaded.failure}
        t={t}
        role={actor.role}
        retryHref={`/family/children/${encodeURIComponent(lineageId)}`}
      />
    );
  const [child, children] = loaded.value;
  if (!child) notFound();
  return (
    <div className="flex flex-col gap-8">
      <ChildSwitcher items={children} current={lineageId} t={t} />
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">
          <bdi dir="auto">{child.name}</bdi>
        </h1>
        <p className="text-muted-foreground">
          {t("family.halqa")}: <bdi dir="auto">{child.halqaName ?? t("family.noHalqa")}</bdi>
          {child.semesterName ? (
            <>
              {separator}
              {t("family.semester")}: <bdi dir="auto">{child.semesterName}</bdi>
            </>
          ) : null}
        </p>
        <ChildGlance child={child} i18n={i18n} />
        <a
          href={`/family/children/${encodeURIComponent(lineageId)}/report-card`}
          download
          className={`${linkClass} w-fit`}
        >
          {t("reportCards.download.family")}
        </a>
      </header>
      {/* What to practise comes first: it is what a family acts on. */}
      <PageSection id="assignments-title" title={t("family.assignments.title")}>
        <FamilyAssignments child={child} i18n={i18n} />
      </PageSection>
      <PageSection id="summary-title" title={t("quranMap.family.summary")}>
        <ChildSummary child={child} i18n={i18n} />
      </PageSection>
      <PageSection id="attendance-title" title={t("family.attendance.title")}>
        <FamilyAttendance child={child} i18n={i18n} />
      </PageSection>
      <PageSection id="excuses-title" title={t("excuses.title")}>
        <FamilyExcuses actor={actor} child={child} i18n={i18n} />
      </PageSection>
      <PageSection id="recitations-title" title={t("family.recitations.title")}>
        <FamilyRecitations child={child} i18n={i18n} />
      </PageSection>
      <PageSection id="map-title" title={t("quranMap.title")}>
        <ChildMap child={child} i18n={i18n} />
      </PageSection>
    </div>
  );
}
