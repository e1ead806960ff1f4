import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { PlanAvailability } from "@/lib/features/plans/queries";
import type { Translate } from "@/lib/i18n/core";

/**
 * Plans cannot be read: Learning Plans is off for the school (nothing anyone here can do), or the
 * key lacks the scope (an admin must rotate it). A calm page, no retry loop.
 */
export function PlansUnavailable({
  availability,
  t,
}: {
  availability: Exclude<PlanAvailability, { ok: true }>;
  t: Translate;
}) {
  const scope = availability.reason === "scope" ? availability.scope : null;
  return (
    <Card role="status">
      <CardHeader>
        <CardTitle as="h2">{scope ? t("plans.unavailable.scopeTitle") : t("plans.unavailable.featureTitle")}</CardTitle>
        <CardDescription>
          {scope ? t("plans.unavailable.scope", { scope }) : t("plans.unavailable.feature")}
        </CardDescription>
      </CardHeader>
      {scope ? (
        <CardContent>
          <p>{t("plans.unavailable.scopeAction", { scope })}</p>
        </CardContent>
      ) : null}
    </Card>
  );
}
