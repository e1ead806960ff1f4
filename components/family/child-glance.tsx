import { dateIn } from "@/lib/dates";
import { todayText, weekText } from "@/lib/features/family/glance";
import type { ChildView } from "@/lib/features/family/queries";
import type { I18n } from "@/i18n/server";

/** Today's class and this week's work, in two sentences (lib/features/family/glance.ts): the family home and the child's page. */
export function ChildGlance({ child, i18n }: { child: ChildView; i18n: I18n }) {
  const week = weekText(child, i18n);
  return (
    <div className="flex flex-col gap-1">
      <p>{todayText(child, dateIn(child.progress.timeZone), i18n)}</p>
      {week ? <p>{week}</p> : null}
    </div>
  );
}
