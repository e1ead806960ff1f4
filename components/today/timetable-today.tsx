import { Act, StateDetail, VARIANT } from "@/components/overview/today-registers";
import { PagePart } from "@/components/shell/page-part";
import { Badge } from "@/components/ui/badge";
import { PageSection } from "@/components/ui/page-section";
import { Skeleton } from "@/components/ui/skeleton";
import type { Actor } from "@/lib/auth/actor";
import { MISSING_AFTER_MINUTES } from "@/lib/features/overview/register-state";
import { loadTodayTimetable } from "@/lib/features/sessions/today";
import { hoursText } from "@/lib/features/timetable/format";
import type { I18n } from "@/i18n/server";

/**
 * A teacher's halqas timetabled for today, first on Today (issue 58.10): each one's time, where its
 * register stands (not started, in progress, missing, taken) as the admin's overview says it, and
 * what to do: open the register, or start the session (the start form below, the halqa chosen).
 * Nothing when the teacher has no halqa on today's timetable.
 */
export function TimetableToday({ actor, i18n }: { actor: Actor; i18n: I18n }) {
  const { t } = i18n;
  return (
    <PagePart
      load={() => loadTodayTimetable(actor)}
      fallback={<Skeleton className="h-24 w-full" />}
      retryHref="/today"
      render={(rows) =>
        rows.length === 0 ? null : (
          <PageSection
            id="today-timetable"
            title={t("home.timetable.title")}
            hint={t("home.timetable.hint", { minutes: MISSING_AFTER_MINUTES })}
          >
            <ul className="flex flex-col gap-2">
              {rows.map((row) => (
                <li
                  key={row.halqa.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-3"
                >
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <bdi className="font-medium">{row.halqa.name}</bdi>
                    <span className="text-sm text-muted-foreground">
                      {hoursText(i18n.locale, i18n.formats.numerals, row)}
                    </span>
                  </div>
                  <div className="flex flex-col items-start gap-1">
                    <Badge variant={VARIANT[row.state.kind]}>{t(`overview.home.today.states.${row.state.kind}`)}</Badge>
                    <StateDetail state={row.state} i18n={i18n} />
                  </div>
                  <Act row={row} i18n={i18n} />
                </li>
              ))}
            </ul>
          </PageSection>
        )
      }
    />
  );
}
