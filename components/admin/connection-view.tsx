import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ConnectionHealth } from "@/lib/features/admin/connection-health";
import type { Advice, ScopeState } from "@/lib/features/admin/connection-health-rules";
import type { Translate } from "@/lib/i18n/core";
import { ScrollTable } from "@/components/ui/scroll-table";
import { AdminSection } from "./section";

const SCOPE_VARIANT: Record<ScopeState, "secondary" | "destructive" | "outline"> = {
  granted: "secondary",
  missing: "destructive",
  unknown: "outline",
};

function adviceText(advice: Advice, t: Translate): string {
  if (advice.kind === "rotateForScope") return t("admin.connection.advice.rotateForScope", { scope: advice.scope });
  return t(`admin.connection.advice.${advice.kind}`);
}

/** The connection health report: facts first, then what to do about each gap. */
export function ConnectionView({
  health,
  t,
  when,
}: {
  health: ConnectionHealth;
  t: Translate;
  when: (at: Date) => string;
}) {
  const { school, writes } = health;
  return (
    <>
      {health.previousTenantId && school ? (
        <Alert variant="destructive">
          <AlertDescription>
            {t("admin.connection.tenantChanged", { previous: health.previousTenantId, current: school.id })}
          </AlertDescription>
        </Alert>
      ) : null}
      {health.key === "rejected" || health.blocked ? (
        <Alert variant="warning">
          <AlertTitle>
            {health.key === "rejected"
              ? `${t("admin.connection.key")}: ${t("admin.connection.keyStates.rejected")}`
              : t(`admin.connection.blocked.${health.blocked ?? "unreachable"}`)}
          </AlertTitle>
        </Alert>
      ) : null}

      <AdminSection id="details-heading" title={t("admin.connection.detailsTitle")}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{t("admin.connection.label")}</dt>
          <dd>{health.label}</dd>
          <dt className="text-muted-foreground">{t("admin.connection.school")}</dt>
          <dd>
            {school ? (
              <>
                {school.name}
                {school.name_ar ? (
                  <span lang="ar" dir="rtl" className="block text-muted-foreground">
                    {school.name_ar}
                  </span>
                ) : null}
              </>
            ) : (
              t("admin.connection.schoolUnknown")
            )}
          </dd>
          <dt className="text-muted-foreground">{t("admin.connection.tenant")}</dt>
          <dd>
            {school ? (
              <code className="font-mono" dir="ltr">
                {school.id}
              </code>
            ) : (
              t("admin.connection.schoolUnknown")
            )}
          </dd>
          {school ? (
            <>
              <dt className="text-muted-foreground">{t("admin.connection.timeZone")}</dt>
              <dd dir="ltr" className="text-start">
                {school.time_zone}
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t("admin.connection.address")}</dt>
          <dd>
            {health.embedded ? t("admin.connection.embedded") : null}
            {health.baseUrl ? (
              <code
                className={health.embedded ? "ms-2 font-mono text-sm text-muted-foreground" : "font-mono"}
                dir="ltr"
              >
                {health.baseUrl}
              </code>
            ) : null}
          </dd>
          <dt className="text-muted-foreground">{t("admin.connection.key")}</dt>
          <dd>{t(`admin.connection.keyStates.${health.key}`)}</dd>
        </dl>
      </AdminSection>

      <AdminSection id="scopes-heading" title={t("admin.connection.scopesTitle")}>
        <ScrollTable label={t("admin.connection.scopesCaption")}>
          <TableCaption className="sr-only">{t("admin.connection.scopesCaption")}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("admin.connection.scopeColumn")}</TableHead>
              <TableHead>{t("admin.connection.stateColumn")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {health.scopes.map(({ scope, state }) => (
              <TableRow key={scope}>
                <TableCell>
                  <span className="block">{t(`admin.connection.scopes.${scopeName(scope)}`)}</span>
                  <code className="font-mono text-xs text-muted-foreground" dir="ltr">
                    {scope}
                  </code>
                </TableCell>
                <TableCell>
                  <Badge variant={SCOPE_VARIANT[state]}>{t(`admin.connection.scopeStates.${state}`)}</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </AdminSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection id="features-heading" title={t("admin.connection.featuresTitle")}>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6">
            <dt className="text-muted-foreground">{t("admin.connection.learningPlans")}</dt>
            <dd className="font-medium">{t(`admin.connection.featureStates.${health.learningPlans}`)}</dd>
          </dl>
        </AdminSection>
        <AdminSection id="writes-heading" title={t("admin.connection.writesTitle")}>
          <p>{t(`admin.connection.writes.${writes.state}`, writes.at ? { date: when(writes.at) } : undefined)}</p>
        </AdminSection>
      </div>

      <AdminSection id="advice-heading" title={t("admin.connection.adviceTitle")}>
        {health.advice.length ? (
          <ul className="flex list-disc flex-col gap-2 ps-5">
            {health.advice.map((advice) => (
              <li key={advice.kind === "rotateForScope" ? `${advice.kind}-${advice.scope}` : advice.kind}>
                {adviceText(advice, t)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("admin.connection.adviceNone")}</p>
        )}
      </AdminSection>
    </>
  );
}

type ScopeKey =
  | "school"
  | "semesters"
  | "halqas"
  | "students"
  | "sheikhs"
  | "sessions"
  | "attendance"
  | "recitations"
  | "learning_plans";

function scopeName(scope: string): ScopeKey {
  return scope.slice(0, scope.indexOf(":")) as ScopeKey;
}
