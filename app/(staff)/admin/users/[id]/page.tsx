// v1 call budget: V1_CALL_BUDGETS["/admin/users/[id]"] in lib/call-budgets.ts (checked by e2e/call-budget.spec.ts).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/admin/action-form";
import { BackLink } from "@/components/ui/back-link";
import { ClientStrings } from "@/components/i18n/client-strings";
import { ChildrenLinks } from "@/components/admin/children-links";
import { ParentMessages } from "@/components/notices/parent-messages";
import { AdminSection } from "@/components/admin/section";
import { SheikhLink } from "@/components/admin/sheikh-link";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { dashboardDb } from "@/lib/db";
import { ROLES } from "@/lib/features/admin/schemas";
import { setUserDisabled, setUserRole } from "@/lib/features/admin/actions";
import { requireAdminPage } from "@/lib/features/admin/guard";
import { sheikhOptions, studentOptions } from "@/lib/features/admin/pickers";
import { findUserOf } from "@/lib/features/admin/managed-users";
import { noticeSwitches } from "@/lib/features/notices/admin-view";
import { lastSent, loadChoices } from "@/lib/features/notices/preferences";
import { getI18n } from "@/i18n/server";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ t }, { id }] = await Promise.all([getI18n(), params]);
  const actor = await requireAdminPage("manageUsers");
  const user = await findUserOf(actor.connectionId, id);
  return { title: user?.name ?? t("common.notFoundTitle") };
}

export default async function UserPage({ params, searchParams }: Props) {
  const actor = await requireAdminPage("manageUsers");
  const [{ id }, search, i18n] = await Promise.all([params, searchParams, getI18n()]);
  const { t, separator } = i18n;
  // Only a user of the admin's own school is found; another school's id is a plain 404.
  const user = await findUserOf(actor.connectionId, id);
  if (!user) notFound();
  const query = typeof search.q === "string" ? search.q.slice(0, 100) : "";
  const db = await dashboardDb();
  const parent = user.role === "parent";
  const [sheikhs, students, messages] = await Promise.all([
    user.role === "teacher" ? sheikhOptions(actor.connectionId) : null,
    parent ? studentOptions(actor.connectionId, query) : null,
    parent
      ? Promise.all([
          loadChoices(db, user.id),
          noticeSwitches(db, actor.connectionId),
          lastSent(db, actor.connectionId, user.id),
        ])
      : null,
  ]);
  const self = user.id === actor.id;

  return (
    <div className="flex flex-col gap-6">
      <BackLink href="/admin/users" label={t("admin.user.back")} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{user.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <span dir="ltr">{user.email}</span>
          <span aria-hidden="true">{separator.trim()}</span>
          <span>{t(`admin.roles.${user.role}`)}</span>
          {user.disabled ? (
            <Badge variant="warning">{t("admin.users.disabled")}</Badge>
          ) : (
            <Badge variant="secondary">{t("admin.users.active")}</Badge>
          )}
        </p>
      </header>

      {/* The actions' field errors are catalogue keys (admin.validation, the user rules' refusals), read in the browser. */}
      <ClientStrings parts={["admin.validation", "admin.users.refusals", "errors.notFound"]}>
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminSection id="role-heading" title={t("admin.user.roleTitle")} hint={t("admin.user.roleHint")}>
            <ActionForm
              action={setUserRole}
              hidden={{ userId: user.id }}
              submitLabel={t("admin.user.roleSubmit")}
              successMessage={t("admin.user.saved")}
            >
              <Field id="role-picker" label={t("admin.user.roleLabel")} className="min-w-48 flex-1">
                {(control) => (
                  <Select {...control} name="role" defaultValue={user.role}>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`admin.roles.${role}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </ActionForm>
          </AdminSection>

          <AdminSection id="access-heading" title={t("admin.user.accessTitle")} hint={t("admin.user.accessHint")}>
            <p>{user.disabled ? t("admin.user.accessDisabled") : t("admin.user.accessActive")}</p>
            {self ? (
              <p className="text-sm text-muted-foreground">{t("admin.user.selfNote")}</p>
            ) : (
              <ActionForm
                action={setUserDisabled}
                hidden={{ userId: user.id, disabled: String(!user.disabled) }}
                submitLabel={user.disabled ? t("admin.user.enable") : t("admin.user.disable")}
                variant={user.disabled ? "default" : "destructive"}
              />
            )}
          </AdminSection>
        </div>

        {sheikhs ? (
          <SheikhLink userId={user.id} current={user.links.find((l) => l.kind === "sheikh")} options={sheikhs} t={t} />
        ) : null}
        {messages ? (
          <ParentMessages
            choices={messages[0]}
            school={messages[1]}
            last={messages[2]}
            locale={user.locale}
            i18n={i18n}
          />
        ) : null}
        {students ? (
          <ChildrenLinks
            userId={user.id}
            links={user.links.filter((l) => l.kind === "student_lineage")}
            query={query}
            picker={students}
            t={t}
          />
        ) : null}
      </ClientStrings>
    </div>
  );
}
