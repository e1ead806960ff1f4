import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { linkParentStudent } from "@/lib/features/admin/actions";
import type { StudentOption } from "@/lib/features/admin/pickers";
import type { UserLink } from "@/lib/features/admin/managed-users";
import type { Translate } from "@/lib/i18n/core";
import { ActionForm } from "./action-form";
import { AdminSection } from "./section";
import { UnlinkForm } from "./unlink-form";

type Props = {
  userId: string;
  links: UserLink[];
  query: string;
  picker: { semesterName: string | null; total: number; matches: StudentOption[] };
  t: Translate;
};

/**
 * A parent's children: linked lineages, and a search over the active semester's students (GET form,
 * so it works without JavaScript). Linking sends the student id the list returned.
 */
export function ChildrenLinks({ userId, links, query, picker, t }: Props) {
  const linked = new Set(links.map((l) => l.refId));
  return (
    <AdminSection id="children-heading" title={t("admin.user.childrenTitle")} hint={t("admin.user.childrenHint")}>
      {links.length ? (
        <ul className="flex flex-col divide-y divide-border">
          {links.map((link) => (
            <li key={link.refId} className="flex flex-wrap items-start justify-between gap-3 py-2">
              <span className="pt-2.5">{link.label}</span>
              <UnlinkForm
                userId={userId}
                kind="student_lineage"
                link={link}
                label={t("admin.user.removeLabel", { name: link.label })}
                t={t}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.childrenNone")}</p>
      )}

      {picker.semesterName ? (
        <>
          <form method="get" role="search" className="flex flex-wrap items-end gap-3">
            <Field
              id="student-search"
              label={t("admin.user.searchLabel", { semester: picker.semesterName })}
              className="min-w-64 flex-1"
            >
              {(control) => <Input {...control} type="search" name="q" defaultValue={query} autoComplete="off" />}
            </Field>
            <Button type="submit" variant="secondary">
              {t("admin.user.searchSubmit")}
            </Button>
          </form>
          <h3 className="text-base font-semibold">{t("admin.user.results")}</h3>
          {picker.matches.length ? (
            <>
              {picker.total > picker.matches.length ? (
                <p className="text-sm text-muted-foreground">
                  {t("admin.user.resultsCount", { shown: picker.matches.length, total: picker.total })}
                </p>
              ) : null}
              <ul className="flex flex-col divide-y divide-border">
                {picker.matches.map((student) => (
                  <li key={student.id} className="flex flex-wrap items-start justify-between gap-3 py-2">
                    <span className="flex flex-col pt-1">
                      <span>{student.name}</span>
                      {student.halqaName ? (
                        <span className="text-sm text-muted-foreground">
                          {t("admin.user.inHalqa", { halqa: student.halqaName })}
                        </span>
                      ) : null}
                    </span>
                    {linked.has(student.lineageId) ? (
                      <span className="pt-2.5 text-sm font-medium text-muted-foreground">{t("admin.user.linked")}</span>
                    ) : (
                      <ActionForm
                        action={linkParentStudent}
                        hidden={{ userId, studentId: student.id }}
                        submitLabel={t("admin.user.link")}
                        submitAriaLabel={t("admin.user.linkLabel", { name: student.name })}
                        variant="secondary"
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-muted-foreground">{t("admin.user.noResults")}</p>
          )}
        </>
      ) : (
        <p className="text-muted-foreground">{t("admin.user.noSemester")}</p>
      )}
    </AdminSection>
  );
}
