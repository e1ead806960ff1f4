import { ActionForm } from "@/components/admin/action-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { setNoticeTimesAction } from "@/lib/features/notices/actions";
import type { NoticeTimes } from "@/lib/features/notices/times";
import { weekdayName } from "@/lib/features/timetable/format";
import type { I18n } from "@/lib/i18n/core";

/** The store's weekdays (0 = Sunday … 6 = Saturday), in the order of the reader's week (ISO: Monday first). */
const DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** When the weekly summaries and the admins' summary of missing registers go out, in school time. */
export function NoticeTimesForm({
  times,
  timeZone,
  i18n,
}: {
  times: NoticeTimes;
  timeZone: string | null;
  i18n: I18n;
}) {
  const { t, locale } = i18n;
  return (
    <div className="flex flex-col gap-2">
      <p className="max-w-prose text-muted-foreground">
        {t("notices.admin.times.intro", { timeZone: timeZone ?? "unknown" })}
      </p>
      <ActionForm
        action={setNoticeTimesAction}
        submitLabel={t("notices.admin.times.save")}
        successMessage={t("notices.admin.saved")}
      >
        <Field id="notice-weekly-day" label={t("notices.admin.times.weeklyDay")}>
          {(p) => (
            <Select {...p} name="weeklyDay" defaultValue={String(times.weeklyDay)} className="w-48">
              {DAYS.map((day) => (
                <option key={day} value={day}>
                  {weekdayName(locale, day === 0 ? 7 : day)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="notice-weekly-time" label={t("notices.admin.times.weeklyTime")}>
          {(p) => (
            <Input {...p} name="weeklyTime" type="time" required defaultValue={times.weeklyTime} className="w-40" />
          )}
        </Field>
        <Field id="notice-summary-time" label={t("notices.admin.times.summaryTime")}>
          {(p) => (
            <Input {...p} name="summaryTime" type="time" required defaultValue={times.summaryTime} className="w-40" />
          )}
        </Field>
      </ActionForm>
    </div>
  );
}
