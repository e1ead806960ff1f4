// v1 call budget: V1_CALL_BUDGETS["/admin/users"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import Link from "next/link";
import { UsersTable } from "@/components/admin/users-table";
import { buttonVariants } from "@/components/ui/button";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { schoolOf } from "@/lib/features/school/of-connection";
import { listUsersOf } from "@/lib/features/admin/managed-users";
import { getI18n } from "@/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.users.title") };
}

export default async function UsersPage() {
  const actor = await requireAdminPage("manageUsers");
  const { t, locale } = await getI18n();
  const [{ name: schoolName }, users] = await Promise.all([
    schoolOf(actor.connectionId, locale),
    listUsersOf(actor.connectionId),
  ]);
  const list = new Intl.ListFormat(locale, { type: "conjunction", style: "narrow" });

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold tracking-tight">{t("admin.users.title")}</h1>
          <p className="text-muted-foreground">{t("admin.users.intro", { school: schoolName })}</p>
        </div>
        <Link href="/admin/users/new" className={buttonVariants()}>
          {t("admin.users.add")}
        </Link>
      </header>
      {users.length ? (
        <UsersTable
          users={users}
          caption={t("admin.users.caption", { school: schoolName })}
          actorId={actor.id}
          t={t}
          list={(items) => list.format(items)}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-border p-6 text-muted-foreground">
          {t("admin.users.empty")}
        </p>
      )}
    </div>
  );
}
