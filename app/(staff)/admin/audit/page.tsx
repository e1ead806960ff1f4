// v1 calls: 0 (the school's name and time zone from GET /school, memoized per connection and process)
import type { Metadata } from "next";
import Link from "next/link";
import { AuditTable } from "@/components/admin/audit-table";
import { buttonVariants } from "@/components/ui/button";
import { auditPage, cursorHref, parseCursor } from "@/lib/features/admin/audit";
import { requireAdminPage, schoolOf } from "@/lib/features/admin/guard";
import { getI18n } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.audit.title") };
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireAdminPage("viewAuditLog");
  const [{ t, locale, date }, search] = await Promise.all([getI18n(), searchParams]);
  const before = parseCursor(search);
  const [school, page] = await Promise.all([schoolOf(actor.connectionId, locale), auditPage(actor.connectionId, before)]);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.audit.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("admin.audit.intro", { school: school.name })}</p>
      </header>
      {page.rows.length ? (
        <AuditTable rows={page.rows} caption={t("admin.audit.caption", { school: school.name })} t={t} when={(at) => date(at, { time: true })} />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-6 text-muted-foreground">{before ? t("admin.audit.emptyOlder") : t("admin.audit.empty")}</p>
      )}
      {before || page.next ? (
        <nav aria-label={t("admin.audit.pages")} className="flex flex-wrap gap-3">
          {before ? (
            <Link href="/admin/audit" className={buttonVariants({ variant: "outline" })}>
              {t("admin.audit.newest")}
            </Link>
          ) : null}
          {page.next ? (
            <Link href={cursorHref(page.next)} className={buttonVariants({ variant: "outline" })}>
              {t("admin.audit.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
