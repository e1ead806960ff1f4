import { Badge } from "@/components/ui/badge";
import { STUDENT_STATUSES } from "@/lib/contract";
import type { Translate } from "@/lib/i18n/core";

type Known = (typeof STUDENT_STATUSES)[number];
const isKnown = (status: string): status is Known => (STUDENT_STATUSES as readonly string[]).includes(status);

/** A student's status in the reader's language; a status the school added later is shown as given. */
export function studentStatusLabel(t: Translate, status: string): string {
  return isKnown(status) ? t(`students.status.${status}`) : status;
}

export function StudentStatusBadge({ status, t }: { status: string; t: Translate }) {
  return (
    <Badge variant={status === "active" ? "default" : status === "on_leave" ? "warning" : "secondary"}>
      {studentStatusLabel(t, status)}
    </Badge>
  );
}
