import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { Semester } from "@/lib/contract";
import { resolveSemester } from "@/lib/features/reference";
import { getI18n } from "@/i18n/server";

type Props = {
  connectionId: string;
  /** `?semester=` as given; the active semester when absent or unknown. */
  requested: string | undefined;
  /** The page the GET form submits to, e.g. `/halqas`. */
  action: string;
  /** Other URL state to keep when the semester changes (filters that still make sense). */
  keep?: Record<string, string | undefined>;
};

/**
 * Picks the semester a page shows through `?semester=`: a GET form, so it works without JavaScript.
 * Archived semesters stay readable and are marked read-only. Reuse it on any page with a semester.
 * v1 calls: none beyond the per-tenant semester cache.
 */
export async function SemesterSwitch({ connectionId, requested, action, keep = {} }: Props) {
  const [{ semesters, selected }, { t }] = await Promise.all([resolveSemester(connectionId, requested), getI18n()]);
  if (!selected) return <p className="text-sm text-muted-foreground">{t("halqas.semester.none")}</p>;
  const statusLabel = (semester: Semester) => t(`halqas.semester.status.${semester.status}`);
  const ordered = semesters.toSorted((a, b) => b.starts_on.localeCompare(a.starts_on));
  return (
    <div className="flex flex-col gap-2">
      <form key={selected.id} method="get" action={action} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-col gap-2">
          <Label htmlFor="semester-switch">{t("halqas.semester.label")}</Label>
          <Select id="semester-switch" name="semester" defaultValue={selected.id}>
            {ordered.map((semester) => (
              <option key={semester.id} value={semester.id}>
                {t("halqas.semester.option", { name: semester.name, status: statusLabel(semester) })}
              </option>
            ))}
          </Select>
        </div>
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <Button type="submit" variant="outline">
          {t("halqas.semester.show")}
        </Button>
      </form>
      {selected.status === "archived" ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="warning">{statusLabel(selected)}</Badge>
          {t("halqas.semester.archivedNote")}
        </p>
      ) : null}
    </div>
  );
}
