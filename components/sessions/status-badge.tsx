import { Badge } from "@/components/ui/badge";
import type { Translate } from "@/lib/i18n/core";

/** Open or ended; an unknown state is shown as it came. */
export function StatusBadge({ status, t }: { status: string; t: Translate }) {
  if (status === "open") return <Badge variant="default">{t("sessions.status.open")}</Badge>;
  if (status === "ended") return <Badge variant="secondary">{t("sessions.status.ended")}</Badge>;
  return <Badge variant="outline">{status}</Badge>;
}
