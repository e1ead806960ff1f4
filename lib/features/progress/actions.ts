"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { NOT_HEARD_DAYS_RANGE, saveProgressSettings } from "./settings";

const SettingsInput = z.object({
  notHeardDays: z.coerce
    .number({ error: "glance.settings.invalid" })
    .int({ error: "glance.settings.invalid" })
    .min(NOT_HEARD_DAYS_RANGE.min, { error: "glance.settings.invalid" })
    .max(NOT_HEARD_DAYS_RANGE.max, { error: "glance.settings.invalid" }),
});

/** The school's "not heard in N days" for "needs attention": admins only, stored per connection, audited. */
export const saveProgressSettingsAction = defineAction({
  name: "progress.settings",
  input: SettingsInput,
  roles: ["admin"],
  authorize: (ctx) => can.manageProgressSettings(ctx.subject),
  async run(ctx, input) {
    await saveProgressSettings(ctx.actor.connectionId, { notHeardDays: input.notHeardDays }, ctx.actor.id);
    revalidatePath("/", "layout");
    return { notHeardDays: input.notHeardDays };
  },
  target: () => ({ type: "progress_settings" }),
});
