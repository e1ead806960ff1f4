import { PagePart } from "@/components/shell/page-part";
import { PageSection } from "@/components/ui/page-section";
import { SkeletonRows } from "@/components/ui/page-skeleton";
import type { School } from "@/lib/contract";
import { dateIn } from "@/lib/dates";
import { notebookContext } from "@/lib/features/notebook/context";
import { mistakeTypeName } from "@/lib/features/notebook/settings";
import type { WeakAyah } from "@/lib/features/notebook/weak-passages";
import type { I18n } from "@/lib/i18n/core";
import { WeakPassagesView } from "./weak-passages-view";

type Scope = { connectionId: string; tenantId: string };
type Day = { today: string; timeZone: string };

/**
 * A student's or a halqa's weak passages (staff only), in a part of the page of their own: `weakOf`
 * reads them for the school's day. No v1 call beyond the memoized school.
 */
export function WeakPassagesSection({
  connectionId,
  school,
  weakOf,
  halqa = false,
  here,
  i18n,
}: {
  connectionId: string;
  school: () => Promise<School>;
  weakOf: (scope: Scope, day: Day) => Promise<WeakAyah[]>;
  halqa?: boolean;
  here: string;
  i18n: I18n;
}) {
  const { t, locale } = i18n;
  return (
    <PageSection
      id="weak-passages-heading"
      title={halqa ? t("live.weak.titleHalqa") : t("live.weak.title")}
      hint={t("live.weak.hint")}
      className="gap-3"
    >
      <PagePart
        load={async () => {
          const { tenant, settings, surahs } = await notebookContext(connectionId, school);
          const weak = await weakOf(
            { connectionId, tenantId: tenant.id },
            { today: dateIn(tenant.time_zone), timeZone: tenant.time_zone },
          );
          return { weak, settings, surahs };
        }}
        fallback={<SkeletonRows count={3} className="h-11" />}
        retryHref={here}
        render={({ weak, settings, surahs }) => (
          <WeakPassagesView
            weak={weak}
            surahs={surahs}
            halqa={halqa}
            i18n={i18n}
            typeName={(id) =>
              mistakeTypeName(settings.mistakeTypes.find((x) => x.id === id) ?? { id, names: {} }, locale, t)
            }
          />
        )}
      />
    </PageSection>
  );
}
