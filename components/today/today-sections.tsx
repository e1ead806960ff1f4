import Link from "next/link";
import { linkClass } from "@/components/halqas/form-controls";
import { Picker } from "@/components/pickers/picker";
import { EmptyState } from "@/components/sessions/empty-state";
import { SessionCards } from "@/components/sessions/session-cards";
import { StartSessionForm } from "@/components/sessions/start-session-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Button } from "@/components/ui/button";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import type { SessionItem, TodayData } from "@/lib/features/sessions/queries";
import type { StartGroup } from "@/lib/features/sessions/start-options";
import { PICKER_SELECT_LIMIT } from "@/lib/features/pickers/choices";
import type { I18n } from "@/lib/i18n/server";

/**
 * The parts of /today, each its own section so the page stays a list of them (another card is one
 * more line there). Each group shows at most TODAY_GROUP_LIMIT sessions, whatever the school's size,
 * and links to the paged list for the rest.
 */
export const TODAY_GROUP_LIMIT = 8;

function More({ i18n, shown, total, href }: { i18n: I18n; shown: number; total: number; href: string }) {
  if (total <= shown) return null;
  return (
    <p className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
      <span>{i18n.t("home.showingOf", { shown, count: total })}</span>
      <Link href={href} className={linkClass}>
        {i18n.t("home.moreSessions")}
      </Link>
    </p>
  );
}

function Group({ id, title, hint, sessions, data, i18n, withDate, more, empty }: { id: string; title: string; hint?: string; sessions: SessionItem[]; data: TodayData; i18n: I18n; withDate?: boolean; more: string; empty: { title: string; hint: string } }) {
  const shown = sessions.slice(0, TODAY_GROUP_LIMIT);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {shown.length ? (
        <>
          <SessionCards sessions={shown} i18n={i18n} subject={data.subject} counts={data.counts} withDate={withDate} />
          <More i18n={i18n} shown={shown.length} total={sessions.length} href={more} />
        </>
      ) : (
        <EmptyState title={empty.title} hint={empty.hint} />
      )}
    </section>
  );
}

export function TodaySessions({ data, i18n }: { data: TodayData; i18n: I18n }) {
  const { t } = i18n;
  return (
    <Group
      id="today-mine"
      title={data.subject.role === "admin" ? t("home.allSessions") : t("home.mySessions")}
      sessions={data.mine}
      data={data}
      i18n={i18n}
      more={`/sessions?from=${data.today}&to=${data.today}`}
      empty={{ title: t("home.noSessionsToday"), hint: t("home.noSessionsTodayHint") }}
    />
  );
}

export function OpenSessions({ data, i18n }: { data: TodayData; i18n: I18n }) {
  const { t } = i18n;
  return (
    <Group
      id="today-open"
      title={t("home.openSessions")}
      hint={t("home.openSessionsHint")}
      sessions={data.open}
      data={data}
      i18n={i18n}
      withDate
      more="/sessions?status=open&from=2000-01-01"
      empty={{ title: t("home.noOpenSessions"), hint: t("home.noOpenSessionsHint") }}
    />
  );
}

type StartProps = { data: TodayData; i18n: I18n; halqa: string | undefined; blocked: string | null; idempotencyKey: string };

/** Start a session: the whole form in a small school; in a large one, the halqa is picked first (searchable), then its sheikhs. */
export function StartSection({ data, i18n, halqa, blocked, idempotencyKey }: StartProps) {
  const { t } = i18n;
  return (
    <section aria-labelledby="today-start" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="today-start" className="text-xl font-semibold">
          {t("home.startTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("home.startHint")}</p>
      </div>
      <StartAtScale groups={data.groups} i18n={i18n} halqa={halqa} blocked={blocked} idempotencyKey={idempotencyKey} action="/today" />
    </section>
  );
}

type ScaleProps = { groups: StartGroup[]; i18n: I18n; halqa: string | undefined; blocked: string | null; idempotencyKey: string; action: "/today" | "/sessions/new" };

/** The start form, bounded: above PICKER_SELECT_LIMIT halqas a searchable halqa picker comes first (a GET form to `action`), then the chosen halqa's form. */
export function StartAtScale({ groups: all, i18n, halqa, blocked, idempotencyKey, action }: ScaleProps) {
  const { t } = i18n;
  const large = all.length > PICKER_SELECT_LIMIT;
  const groups = large ? all.filter((group) => group.halqa.id === halqa) : all;
  return (
    <>
      {large ? (
        <form method="get" action={action} className="flex flex-wrap items-end gap-3">
          <Picker kind="halqas" name="halqa" label={t("home.findHalqa")} initial={groups[0] ? { id: groups[0].halqa.id, label: groups[0].halqa.name, hint: null } : null} submitOnChange />
          <Button type="submit" variant="outline">
            {t("home.chooseHalqa")}
          </Button>
        </form>
      ) : null}
      {groups.length ? (
        <ReadOnlyWhen reason={blocked}>
          <ClientStrings parts={["sessions.start"]}>
            <StartSessionForm groups={groups} idempotencyKey={idempotencyKey} initialHalqaId={halqa} />
          </ClientStrings>
        </ReadOnlyWhen>
      ) : large ? null : (
        <EmptyState title={t("sessions.start.none")} level={action === "/today" ? undefined : 2} />
      )}
    </>
  );
}
