import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Picker } from "@/components/pickers/picker";
import { EmptyState } from "@/components/ui/empty-state";
import { SessionCards } from "@/components/sessions/session-cards";
import { StartSessionForm } from "@/components/sessions/start-session-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { Button } from "@/components/ui/button";
import { PageSection } from "@/components/ui/page-section";
import { ReadOnlyWhen } from "@/components/ui/read-only";
import { SkeletonCards } from "@/components/ui/page-skeleton";
import { Skeleton } from "@/components/ui/skeleton";
import { PagePart } from "@/components/shell/page-part";
import type { Actor } from "@/lib/auth/actor";
import type { Subject } from "@/lib/authz/policy";
import {
  loadOpenSessions,
  loadTodaysSessions,
  loadTodayStart,
  type TodaySessionsData,
} from "@/lib/features/sessions/today";
import { writeBlockOf } from "@/lib/features/write-access";
import type { StartGroup } from "@/lib/features/sessions/start-options";
import { PICKER_SELECT_LIMIT } from "@/lib/features/pickers/choices";
import type { I18n } from "@/i18n/server";

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
      <Link href={href} prefetch={false} className={linkClass}>
        {i18n.t("home.moreSessions")}
      </Link>
    </p>
  );
}

type GroupProps = {
  id: string;
  title: string;
  hint?: string;
  load: () => Promise<TodaySessionsData>;
  subject: Subject;
  i18n: I18n;
  withDate?: boolean;
  more: string;
  empty: { title: string; hint: string };
  inFirstPaint?: boolean;
};

/** A titled group of session cards; its heading shows at once, its sessions stream in (unless `inFirstPaint`). */
function Group({ id, title, hint, load, subject, i18n, withDate, more, empty, inFirstPaint }: GroupProps) {
  return (
    <PageSection id={id} title={title} hint={hint}>
      <PagePart
        inFirstPaint={inFirstPaint}
        load={load}
        fallback={<SkeletonCards />}
        retryHref="/today"
        render={({ sessions, counts }) => {
          const shown = sessions.slice(0, TODAY_GROUP_LIMIT);
          return shown.length ? (
            <>
              <SessionCards sessions={shown} i18n={i18n} subject={subject} counts={counts} withDate={withDate} />
              <More i18n={i18n} shown={shown.length} total={sessions.length} href={more} />
            </>
          ) : (
            <EmptyState title={empty.title} hint={empty.hint} level={3} />
          );
        }}
      />
    </PageSection>
  );
}

type PartProps = { actor: Actor; subject: Subject; today: string; i18n: I18n };

export function TodaySessions({ actor, subject, today, i18n }: PartProps) {
  const { t } = i18n;
  return (
    <Group
      id="today-mine"
      title={subject.role === "admin" ? t("home.allSessions") : t("home.mySessions")}
      load={() => loadTodaysSessions(actor)}
      subject={subject}
      i18n={i18n}
      more={`/sessions?from=${today}&to=${today}`}
      empty={{ title: t("home.noSessionsToday"), hint: t("home.noSessionsTodayHint") }}
      // Above the fold and one card or eight: streamed, its arrival pushed the rest down (CLS 0.1 at phone width).
      inFirstPaint
    />
  );
}

export function OpenSessions({ actor, subject, i18n }: Omit<PartProps, "today">) {
  const { t } = i18n;
  return (
    <Group
      id="today-open"
      title={t("home.openSessions")}
      hint={t("home.openSessionsHint")}
      load={() => loadOpenSessions(actor)}
      subject={subject}
      i18n={i18n}
      withDate
      more="/sessions?status=open&from=2000-01-01"
      empty={{ title: t("home.noOpenSessions"), hint: t("home.noOpenSessionsHint") }}
    />
  );
}

type StartProps = { actor: Actor; i18n: I18n; halqa: string | undefined; idempotencyKey: string };

/** Start a session: the whole form in a small school; in a large one, the halqa is picked first (searchable), then its sheikhs. */
export function StartSection({ actor, i18n, halqa, idempotencyKey }: StartProps) {
  const { t, date } = i18n;
  const load = () =>
    Promise.all([loadTodayStart(actor), writeBlockOf(actor.connectionId, t, (at) => date(at, { time: true }))]);
  return (
    <PageSection id="today-start" title={t("home.startTitle")} hint={t("home.startHint")}>
      <PagePart
        load={load}
        fallback={<Skeleton className="h-64" />}
        retryHref="/today"
        render={([groups, blocked]) => (
          <StartAtScale
            groups={groups}
            i18n={i18n}
            halqa={halqa}
            blocked={blocked}
            idempotencyKey={idempotencyKey}
            action="/today"
          />
        )}
      />
    </PageSection>
  );
}

type ScaleProps = {
  groups: StartGroup[];
  i18n: I18n;
  halqa: string | undefined;
  blocked: string | null;
  idempotencyKey: string;
  action: "/today" | "/sessions/new";
};

/** The start form, bounded: above PICKER_SELECT_LIMIT halqas a searchable halqa picker comes first (a GET form to `action`), then the chosen halqa's form. */
export function StartAtScale({ groups: all, i18n, halqa, blocked, idempotencyKey, action }: ScaleProps) {
  const { t } = i18n;
  const large = all.length > PICKER_SELECT_LIMIT;
  const groups = large ? all.filter((group) => group.halqa.id === halqa) : all;
  return (
    <>
      {large ? (
        <form method="get" action={action} className="flex flex-wrap items-end gap-3">
          <Picker
            kind="halqas"
            name="halqa"
            label={t("home.findHalqa")}
            initial={groups[0] ? { id: groups[0].halqa.id, label: groups[0].halqa.name, hint: null } : null}
            submitOnChange
          />
          <Button type="submit" variant="outline">
            {t("home.chooseHalqa")}
          </Button>
        </form>
      ) : null}
      {groups.length ? (
        <ReadOnlyWhen reason={blocked}>
          <ClientStrings parts={["sessions.start", "sessions.status"]}>
            <StartSessionForm groups={groups} idempotencyKey={idempotencyKey} initialHalqaId={halqa} />
          </ClientStrings>
        </ReadOnlyWhen>
      ) : large ? null : (
        <EmptyState title={t("sessions.start.none")} level={action === "/today" ? 3 : 2} />
      )}
    </>
  );
}
