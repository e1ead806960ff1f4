import Link from "next/link";
import { linkClass } from "@/components/ui/text-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { AUDIT_ACTION_NAMES, AUDIT_OUTCOMES } from "@/lib/features/admin/audit-actions";
import type { AuditFilters as Filters } from "@/lib/features/admin/audit-filters";
import type { Translate } from "@/lib/i18n/core";
import { auditActionLabel } from "./audit-labels";

type Props = { t: Translate; filters: Filters; people: { id: string; name: string }[]; invalidDays?: string[] };

/** Person, action, date range (school days) and outcome in the URL: a GET form, so every view can be linked and exported. */
export function AuditFilterForm({ t, filters, people, invalidDays = [] }: Props) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <form
      method="get"
      action="/admin/audit"
      role="search"
      aria-label={t("admin.audit.filters.label")}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="audit-person">{t("admin.audit.filters.person")}</Label>
        <Select id="audit-person" name="person" defaultValue={filters.person ?? ""}>
          <option value="">{t("admin.audit.filters.anyone")}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex min-w-48 flex-col gap-2">
        <Label htmlFor="audit-action">{t("admin.audit.filters.action")}</Label>
        <Select id="audit-action" name="action" defaultValue={filters.action ?? ""}>
          <option value="">{t("admin.audit.filters.anyAction")}</option>
          {AUDIT_ACTION_NAMES.map((action) => (
            <option key={action} value={action}>
              {auditActionLabel(t, action)}
            </option>
          ))}
        </Select>
      </div>
      {/* Text, not type="date": a browser's date box speaks the browser's locale (mm/dd/yyyy), not the person's language. */}
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-from">{t("admin.audit.filters.from")}</Label>
        <Input
          id="audit-from"
          name="from"
          inputMode="numeric"
          dir="ltr"
          className="w-36"
          placeholder={t("admin.audit.filters.dayPlaceholder")}
          aria-describedby="audit-day-hint"
          defaultValue={filters.from ?? ""}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="audit-to">{t("admin.audit.filters.to")}</Label>
        <Input
          id="audit-to"
          name="to"
          inputMode="numeric"
          dir="ltr"
          className="w-36"
          placeholder={t("admin.audit.filters.dayPlaceholder")}
          aria-describedby="audit-day-hint"
          defaultValue={filters.to ?? ""}
        />
      </div>
      <div className="flex min-w-40 flex-col gap-2">
        <Label htmlFor="audit-outcome">{t("admin.audit.filters.outcome")}</Label>
        <Select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ""}>
          <option value="">{t("admin.audit.filters.anyOutcome")}</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`admin.audit.results.${outcome}`)}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit">{t("admin.audit.filters.apply")}</Button>
      <p id="audit-day-hint" className="basis-full text-sm text-muted-foreground">
        {t("admin.audit.filters.dayHint")}
      </p>
      {invalidDays.length ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {t("admin.audit.filters.dayInvalid", { value: invalidDays.join(", ") })}
        </p>
      ) : null}
      {filtered ? (
        <Link href="/admin/audit" className={linkClass}>
          {t("admin.audit.filters.clear")}
        </Link>
      ) : null}
    </form>
  );
}
