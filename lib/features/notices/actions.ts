"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { dashboardDb } from "@/lib/db";
import { LOCALES } from "@/lib/i18n/core";
import { rememberLocale } from "@/lib/preferences/actions";
import { setNoticeKind, setNoticeTimes, SWITCHES } from "./admin-view";
import { saveChoices } from "./preferences";
import { requeueFailed } from "./outbox";
import { TIME_OF_DAY } from "./times";
import { kickNotices } from "./trigger";

const KindInput = z.object({
  kind: z.enum(SWITCHES),
  on: z.enum(["true", "false"]).transform((value) => value === "true"),
});
const ResendInput = z.object({ id: z.string().trim().min(1).max(100) });

/** Turns a kind of message on or off for the admin's school. */
export const setNoticeKindAction = defineAction({
  name: "notices.kind",
  input: KindInput,
  roles: ["admin"],
  authorize: (ctx) => can.manageNotices(ctx.subject),
  async run(ctx, input) {
    await setNoticeKind(await dashboardDb(), ctx.actor.connectionId, input.kind, input.on, ctx.actor.id);
    revalidatePath("/admin/messages");
    return { kind: input.kind, on: input.on };
  },
  target: (input) => ({ type: "notice_settings", id: input.kind }),
});

const TimeOfDay = z.string().trim().regex(TIME_OF_DAY, "notices.admin.times.invalidTime");
const TimesInput = z.object({
  weeklyDay: z.coerce.number().int().min(0).max(6),
  weeklyTime: TimeOfDay,
  summaryTime: TimeOfDay,
});

/** When the school's weekly summaries and the admins' missing-register summary go out, in school time. */
export const setNoticeTimesAction = defineAction({
  name: "notices.times",
  input: TimesInput,
  roles: ["admin"],
  authorize: (ctx) => can.manageNotices(ctx.subject),
  async run(ctx, input) {
    await setNoticeTimes(await dashboardDb(), ctx.actor.connectionId, input, ctx.actor.id);
    revalidatePath("/admin/messages");
    return input;
  },
  target: () => ({ type: "notice_settings", id: "times" }),
});

/** Sends a failed message again: it is due now, with a fresh 24-hour retry window. Only the school's own, only a failed one. */
export const resendNoticeAction = defineAction({
  name: "notices.resend",
  input: ResendInput,
  roles: ["admin"],
  authorize: (ctx) => can.manageNotices(ctx.subject),
  async run(ctx, input) {
    const requeued = await requeueFailed(await dashboardDb(), ctx.actor.connectionId, [input.id]);
    if (requeued) kickNotices(ctx.actor.connectionId);
    revalidatePath("/admin/messages");
    return { requeued };
  },
  target: (input) => ({ type: "notice", id: input.id }),
});

/** This week's summaries (the week ending today), composed and sent now rather than on the school's day. */
export const sendWeeklyNowAction = defineAction({
  name: "notices.weekly_now",
  input: z.object({}),
  roles: ["admin"],
  authorize: (ctx) => can.manageNotices(ctx.subject),
  async run(ctx) {
    kickNotices(ctx.actor.connectionId, { weeklyNow: true });
    revalidatePath("/admin/messages");
    return { started: true };
  },
  target: () => ({ type: "notice_settings", id: "weekly" }),
});

/** A checkbox: sent as "on" when ticked, absent when not. */
const ticked = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");
const ChoicesInput = z.object({ absence: ticked, weekly: ticked, locale: z.enum(LOCALES) });

/** A parent's own choices: which messages they get, and their language (the account's, so the page follows it). */
export const saveMyNoticeChoicesAction = defineAction({
  name: "notices.choices",
  input: ChoicesInput,
  roles: ["parent"],
  authorize: () => true,
  async run(ctx, input) {
    await saveChoices(await dashboardDb(), ctx.actor.id, { absence: input.absence, weekly: input.weekly });
    await rememberLocale(input.locale);
    revalidatePath("/family");
    return { absence: input.absence, weekly: input.weekly, locale: input.locale };
  },
  target: () => ({ type: "notice_preferences" }),
  details: (_ctx, input) => ({ absence: input.absence, weekly: input.weekly, locale: input.locale }),
});
