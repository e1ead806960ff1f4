// v1 call budget: V1_CALL_BUDGETS["/admin/audit"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilterForm } from "@/components/admin/audit-filters";
import { AuditTable } from "@/components/admin/audit-table";
import { buttonVariants } from "@/components/ui/button";
import { AUDIT_EXPORT_LIMIT, cursorHref } from "@/lib/features/admin/audit";
import { auditQuery, validDay } from "@/lib/features/admin/audit-filters";
import { loadAuditPage } from "@/lib/features/admin/audit-view";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { schoolOf } from "@/lib/features/school/of-connection";
import { getI18n } from "@/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.audit.title") };
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requireAdminPage("viewAuditLog");
  const [{ t, locale, date, timeZone }, search] = await Promise.all([getI18n(), searchParams]);
  const [school, { filters, people, cursor, page }] = await Promise.all([
    schoolOf(actor.connectionId, locale),
    loadAuditPage(actor, search, timeZone),
  ]);
  const filtered = Object.values(filters).some(Boolean);
  const query = auditQuery(filters);
  // A day that is not a date is left out of the filter, and said so (never silently).
  const invalidDays = (["from", "to"] as const)
    .map((name) => search[name])
    .filter((value): value is string => typeof value === "string" && value.trim() !== "" && !validDay(value));

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.audit.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("admin.audit.intro", { school: school.name })}</p>
      </header>
      <AuditFilterForm key={query} t={t} filters={filters} people={people} invalidDays={invalidDays} />
      <div className="flex flex-wrap items-center gap-3">
        {/* A plain link: the browser downloads what the route handler answers (Content-Disposition). */}
        <a href={`/admin/audit/export${query}`} className={buttonVariants({ variant: "outline" })} download>
          {t("admin.audit.export")}
        </a>
        <a
          href={`/admin/audit/export${query ? `${query}&` : "?"}format=xlsx`}
          className={buttonVariants({ variant: "outline" })}
          download
        >
          {t("admin.audit.exportXlsx")}
        </a>
        <p className="text-sm text-muted-foreground">{t("admin.audit.exportHint", { limit: AUDIT_EXPORT_LIMIT })}</p>
      </div>
      {page.rows.length ? (
        <AuditTable
          rows={page.rows}
          caption={t("admin.audit.caption", { school: school.name })}
          t={t}
          when={(at) => date(at, { time: true })}
          day={(value) => date(value)}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-6 text-muted-foreground">
          {cursor ? t("admin.audit.emptyOlder") : filtered ? t("admin.audit.emptyFiltered") : t("admin.audit.empty")}
        </p>
      )}
      {cursor || page.next ? (
        <nav aria-label={t("admin.audit.pages")} className="flex flex-wrap gap-3">
          {cursor ? (
            <Link href={`/admin/audit${query}`} className={buttonVariants({ variant: "outline" })}>
              {t("admin.audit.newest")}
            </Link>
          ) : null}
          {page.next ? (
            <Link href={cursorHref(page.next, filters)} className={buttonVariants({ variant: "outline" })}>
              {t("admin.audit.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
