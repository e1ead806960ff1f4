// v1 call budget: V1_CALL_BUDGETS["/admin/users/new"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { BackLink } from "@/components/ui/back-link";
import { CreateUserForm } from "@/components/admin/create-user-form";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ROLES } from "@/lib/features/admin/schemas";
import { LOCALES } from "@/lib/i18n/locales";
import { createUser } from "@/lib/features/admin/actions";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { getSchoolLanguages } from "@/lib/preferences/school-languages";
import { PASSWORD_MIN } from "@/lib/auth/password-rules";
import { getI18n } from "@/i18n/server";
import { languageName } from "@/lib/i18n/locales";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("admin.create.title") };
}

export default async function NewUserPage() {
  const actor = await requireAdminPage("manageUsers");
  const [{ t, locale: reader }, school] = await Promise.all([getI18n(), getSchoolLanguages(actor.connectionId)]);

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/admin/users" label={t("admin.create.back")} />
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">{t("admin.create.title")}</h1>
        <p className="max-w-prose text-muted-foreground">{t("admin.create.intro")}</p>
      </header>
      <ClientStrings parts={["admin.create", "admin.validation", "admin.users.emailTaken"]}>
        <CreateUserForm
          action={createUser}
          passwordMin={PASSWORD_MIN}
          roles={ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
          locales={LOCALES.map((locale) => ({ value: locale, label: languageName(locale, reader) }))}
          defaultLocale={school.defaultLocale}
        />
      </ClientStrings>
    </div>
  );
}
