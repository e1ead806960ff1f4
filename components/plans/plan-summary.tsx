import Link from "next/link";
import type { ReactNode } from "react";
import { linkClass } from "@/components/ui/text-link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { POLICY_SOURCES, PUBLICATION_POLICIES, type LearningPlan, type Semester, type Student } from "@/lib/contract";
import type { SurahName } from "@/lib/features/students/recitations";
import type { I18n } from "@/i18n/server";
import { planStatusLabel } from "./labels";
import { QuranPosition } from "./quran-position";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="min-w-48 text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

const oneOf = (list: readonly string[], value: string) => list.includes(value);

type Props = {
  plan: LearningPlan;
  student: Student | null;
  semester: Semester | null;
  surahs: ReadonlyMap<number, SurahName>;
  syncedAt: Date;
  i18n: I18n;
};

/** What the plan is (its creation data) and, apart, the school's settings in effect for it now. */
export function PlanSummary({ plan, student, semester, surahs, syncedAt, i18n }: Props) {
  const { t, date } = i18n;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("plans.detail.summary")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-3">
            <Row label={t("plans.detail.student")}>
              {student ? (
                <Link href={`/students/${student.id}`} className={linkClass} dir="auto">
                  {student.full_name}
                </Link>
              ) : (
                t("plans.list.unknownStudent")
              )}
            </Row>
            <Row label={t("plans.detail.semester")}>{semester?.name ?? "—"}</Row>
            <Row label={t("plans.detail.name")}>
              <bdi dir="auto">{plan.name}</bdi>
            </Row>
            <Row label={t("plans.detail.state")}>
              <Badge variant={plan.status === "active" ? "default" : "secondary"}>
                {planStatusLabel(t, plan.status)}
              </Badge>
            </Row>
            <Row label={t("plans.detail.periodStart")}>{date(plan.period_start, { hijri: true })}</Row>
            <Row label={t("plans.detail.targetDate")}>{date(plan.target_completion_date, { hijri: true })}</Row>
            <Row label={t("plans.detail.direction")}>{t(`plans.detail.directions.${plan.direction}`)}</Row>
            <Row label={t("plans.detail.start")}>
              <QuranPosition point={plan.start_position} surahs={surahs} t={t} />
            </Row>
            <Row label={t("plans.detail.destination")}>
              <QuranPosition point={plan.destination_position} surahs={surahs} t={t} />
            </Row>
            <Row label={t("plans.detail.dataset")}>
              <code className="text-sm">{plan.workload_dataset_id}</code>
            </Row>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("plans.detail.current")}</CardTitle>
          <CardDescription>{t("plans.detail.currentHint", { time: date(syncedAt, { time: true }) })}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-3">
            <Row label={t("plans.detail.policy")}>
              {oneOf(PUBLICATION_POLICIES, plan.publication_policy)
                ? t(`plans.detail.policies.${plan.publication_policy as (typeof PUBLICATION_POLICIES)[number]}`)
                : plan.publication_policy}
            </Row>
            <Row label={t("plans.detail.paused")}>
              {plan.automation_paused ? t("plans.detail.yes") : t("plans.detail.no")}
            </Row>
            <Row label={t("plans.detail.source")}>
              {oneOf(POLICY_SOURCES, plan.policy_source)
                ? t(`plans.detail.sources.${plan.policy_source as (typeof POLICY_SOURCES)[number]}`)
                : plan.policy_source}
            </Row>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
