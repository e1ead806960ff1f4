import { Suspense } from "react";
import { requireActor } from "@/lib/auth/session";
import { subjectOf } from "@/lib/authz/subject";
import { schoolOrNull } from "@/lib/failures/school";
import { loadAttentionAcross } from "@/lib/features/progress/glance";
import { loadTodayHalqaNames } from "@/lib/features/sessions/today";
import { getI18n } from "@/i18n/server";
import { isFailure } from "@/lib/v1";
import { AttentionList } from "./attention-list";
import { Freshness } from "./freshness";
import { PageSection } from "@/components/ui/page-section";
import { Skeleton } from "@/components/ui/skeleton";

/** At most this many students on Today; each halqa's page lists all of its own. */
const SHOWN = 8;

/**
 * Today's "needs attention": a teacher's own halqas' students first thing in the day (an admin: every
 * halqa that met in the last 30 days). From the progress read model: no v1 call beyond the memoized
 * GET /school and the teacher's sheikh records the page reads anyway. It streams in below today's
 * sessions behind a placeholder of about its height: when it sat above them, arriving after the first
 * paint pushed the whole page down on a phone (CLS 0.55, issue 31).
 */
export function NeedsAttention({ title }: { title: string }) {
  // Below today's sessions now: a placeholder of about its height keeps what follows from jumping when it streams in.
  return (
    <Suspense
      fallback={
        <PageSection id="today-attention" title={title} className="gap-3">
          <Skeleton className="h-48" />
        </PageSection>
      }
    >
      <NeedsAttentionSection />
    </Suspense>
  );
}

async function NeedsAttentionSection() {
  const actor = await requireActor(["admin", "teacher"]);
  const [i18n, subject, school] = await Promise.all([getI18n(), subjectOf(actor), schoolOrNull(actor.connectionId)]);
  // The page itself tells of a school that refuses the key.
  if (!school) return null;
  const { t } = i18n;
  const teacher = actor.role === "teacher";
  const [{ items, freshness }, halqaNames] = await Promise.all([
    loadAttentionAcross(
      { connectionId: actor.connectionId, tenantId: school.id },
      school,
      teacher ? [...subject.halqaIds] : null,
    ),
    loadTodayHalqaNames(actor).catch((error: unknown) => {
      if (isFailure(error)) return new Map<string, string>();
      throw error;
    }),
  ]);
  return (
    <PageSection
      id="today-attention"
      title={teacher ? t("glance.attention.todayMine") : t("glance.attention.todayTitle")}
      note={<Freshness freshness={freshness} i18n={i18n} />}
      className="gap-3"
    >
      {items.length ? (
        <AttentionList items={items.slice(0, SHOWN)} i18n={i18n} labelledBy="today-attention" halqaNames={halqaNames} />
      ) : (
        <p className="text-sm">{t("glance.attention.none")}</p>
      )}
      {items.length > SHOWN ? (
        <p className="text-sm text-muted-foreground">
          {t("glance.attention.todayMore", { shown: SHOWN, all: items.length })}
        </p>
      ) : null}
    </PageSection>
  );
}
