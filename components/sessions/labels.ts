import type { Translate } from "@/lib/i18n/core";
import type { EndSessionLabels } from "./end-session-form";
import type { StartSessionLabels } from "./start-session-form";
import type { UpdateSessionLabels } from "./update-session-form";

/** The strings each client form needs, translated on the server: catalogues never ship to the browser. */
export function startLabels(t: Translate): StartSessionLabels {
  return {
    halqa: t("sessions.start.halqa"),
    chooseHalqa: t("sessions.start.chooseHalqa"),
    sheikh: t("sessions.start.sheikh"),
    chooseSheikh: t("sessions.start.chooseSheikh"),
    sheikhHint: t("sessions.start.sheikhHint"),
    topic: t("sessions.start.topic"),
    submit: t("sessions.start.submit"),
    pending: t("sessions.start.pending"),
  };
}

export function updateLabels(t: Translate, timeZone: string): UpdateSessionLabels {
  return {
    topic: t("sessions.fields.topic"),
    sheikh: t("sessions.fields.sheikh"),
    date: t("sessions.fields.date"),
    startsAt: t("sessions.fields.startsAt"),
    timeZoneHint: t("sessions.update.timeZoneHint", { zone: timeZone }),
    submit: t("sessions.update.submit"),
    pending: t("sessions.update.pending"),
  };
}

export function endLabels(t: Translate): EndSessionLabels {
  return { confirm: t("sessions.end.confirm"), submit: t("sessions.end.submit"), pending: t("sessions.end.pending"), cancel: t("sessions.end.cancel") };
}
