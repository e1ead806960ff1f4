import type { School, Student } from "@/lib/contract";
import { addDays } from "@/lib/dates";
import { loadHalqaGlance } from "@/lib/features/progress/glance";
import type { I18n } from "@/lib/i18n/core";
import { Skeleton } from "@/components/ui/skeleton";
import { AttentionList } from "./attention-list";
import { ExportForm } from "./export-form";
import { Freshness } from "./freshness";
import { JuzHeatMap } from "./juz-heat-map";
import { PageSection } from "@/components/ui/page-section";

type Props = {
  connectionId: string;
  school: Pick<School, "id" | "time_zone" | "rating_scale">;
  halqa: { id: string; name: string };
  roster: readonly Student[];
  i18n: I18n;
};

/** The halqa page's progress: revision currency per student and juz, who needs attention, and the CSV export. No v1 call. */
export async function HalqaGlance({ connectionId, school, halqa, roster, i18n }: Props) {
  const { t } = i18n;
  const glance = await loadHalqaGlance({ connectionId, tenantId: school.id }, school, halqa.id, roster);
  return (
    <div className="flex flex-col gap-8">
      <PageSection
        id="glance-heading"
        title={t("glance.title")}
        hint={t("glance.intro")}
        note={<Freshness freshness={glance.freshness} i18n={i18n} />}
        className="gap-3"
      >
        <h3 className="text-lg font-semibold">{t("glance.map.title")}</h3>
        {glance.students.length ? (
          <JuzHeatMap id="halqa-map" halqaName={halqa.name} students={glance.students} i18n={i18n} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("glance.map.empty")}</p>
        )}
      </PageSection>

      <PageSection
        id="attention-heading"
        title={t("glance.attention.title")}
        hint={t("glance.attention.intro", { days: glance.notHeardDays })}
        className="gap-3"
      >
        {glance.attention.length ? (
          <AttentionList items={glance.attention} i18n={i18n} labelledBy="attention-heading" />
        ) : (
          <p className="text-sm">{t("glance.attention.none")}</p>
        )}
      </PageSection>

      <ExportForm halqaId={halqa.id} from={addDays(glance.today, -30)} to={glance.today} t={t} />
    </div>
  );
}

export function GlanceSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
