import Link from "next/link";
import { ActionForm } from "@/components/admin/action-form";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { linkClass } from "@/components/ui/text-link";
import { removeTimetableAction, saveTimetableAction } from "@/lib/features/timetable/actions";
import { timetableText, weekdayName } from "@/lib/features/timetable/format";
import type { TimetableRow } from "@/lib/features/timetable/page-data";
import { WEEKDAYS, type Timetable } from "@/lib/features/timetable/rules";
import type { I18n } from "@/lib/i18n/core";

/** Each halqa of the page with its timetable, or the suggestion to accept in one click, and its editor. */
export function TimetableList({ rows, i18n, readOnly }: { rows: TimetableRow[]; i18n: I18n; readOnly: boolean }) {
  return (
    <ul className="flex flex-col gap-4">
      {rows.map((row) => (
        <li key={row.id}>
          <HalqaTimetable row={row} i18n={i18n} readOnly={readOnly} />
        </li>
      ))}
    </ul>
  );
}

function HalqaTimetable({ row, i18n, readOnly }: { row: TimetableRow; i18n: I18n; readOnly: boolean }) {
  const { t, locale, formats } = i18n;
  const headingId = `timetable-${row.id}`;
  const when = (timetable: Timetable) => timetableText(locale, formats.numerals, timetable);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          <Link href={`/halqas/${encodeURIComponent(row.id)}`} className={linkClass}>
            <bdi>{row.name}</bdi>
          </Link>
        </h3>
        {row.isActive ? null : <Badge variant="outline">{t("overview.timetable.inactive")}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {row.sheikhs.length
          ? t("overview.timetable.sheikhs", { names: row.sheikhs.join(i18n.separator) })
          : t("overview.timetable.noSheikh")}
      </p>
      <p className="font-medium">
        {row.timetable ? t("overview.timetable.meets", { when: when(row.timetable) }) : t("overview.timetable.none")}
      </p>
      {!row.timetable && row.suggestion ? (
        <div className="flex flex-col gap-2 rounded-lg bg-muted/50 p-3">
          <p>{t("overview.timetable.suggestion", { when: when(row.suggestion) })}</p>
          {readOnly ? null : (
            <ActionForm
              action={saveTimetableAction}
              hidden={hiddenOf(row.id, row.suggestion)}
              submitLabel={t("overview.timetable.accept")}
              submitAriaLabel={t("overview.timetable.acceptFor", { halqa: row.name })}
              successMessage={t("overview.timetable.saved")}
            />
          )}
        </div>
      ) : null}
      {!row.timetable && !row.suggestion ? (
        <p className="text-sm text-muted-foreground">{t("overview.timetable.noSuggestion")}</p>
      ) : null}
      {readOnly ? null : (
        <details className="flex flex-col gap-3">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">
            {t("overview.timetable.edit", { halqa: row.name })}
          </summary>
          <ActionForm
            action={saveTimetableAction}
            hidden={{ halqaId: row.id }}
            submitLabel={t("overview.timetable.save")}
            submitAriaLabel={t("overview.timetable.saveFor", { halqa: row.name })}
            successMessage={t("overview.timetable.saved")}
          >
            <fieldset className="flex basis-full flex-wrap gap-x-4 gap-y-1">
              <legend className="mb-1 text-sm font-medium">{t("overview.timetable.days")}</legend>
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name={`day${day}`}
                    value="on"
                    defaultChecked={(row.timetable ?? row.suggestion)?.weekdays.includes(day)}
                    className="size-4 accent-primary"
                  />
                  <span>{weekdayName(locale, day)}</span>
                </label>
              ))}
            </fieldset>
            <TimeField
              id={`${headingId}-starts`}
              name="startsAt"
              label={t("overview.timetable.startsAt")}
              value={(row.timetable ?? row.suggestion)?.startsAt}
              required
            />
            <TimeField
              id={`${headingId}-ends`}
              name="endsAt"
              label={t("overview.timetable.endsAt")}
              value={row.timetable?.endsAt ?? undefined}
            />
          </ActionForm>
          {row.timetable ? (
            <ActionForm
              action={removeTimetableAction}
              hidden={{ halqaId: row.id }}
              variant="outline"
              submitLabel={t("overview.timetable.remove")}
              submitAriaLabel={t("overview.timetable.removeFor", { halqa: row.name })}
              successMessage={t("overview.timetable.removed")}
            />
          ) : null}
        </details>
      )}
    </section>
  );
}

function TimeField({
  id,
  name,
  label,
  value,
  required,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  required?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} name={name} type="time" defaultValue={value} required={required} className="w-40" />
    </div>
  );
}

function hiddenOf(halqaId: string, timetable: Timetable): Record<string, string> {
  return {
    halqaId,
    startsAt: timetable.startsAt,
    ...Object.fromEntries(timetable.weekdays.map((day) => [`day${day}`, "on"])),
    ...(timetable.endsAt ? { endsAt: timetable.endsAt } : {}),
  };
}
