"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { CALENDAR_ORDERS, LOCALES, NUMERALS } from "@/lib/i18n/locales";
import { saveSchoolLanguages } from "@/lib/preferences/school-languages";

const invalid = { error: "admin.languages.invalid" };
const Input = z.object({
  defaultLocale: z.enum(LOCALES, invalid),
  numerals: z.enum(NUMERALS, invalid),
  calendars: z.enum(CALENDAR_ORDERS, invalid),
});

/** The school's languages: admins only, stored per connection, audited; every page follows at once. */
export const saveSchoolLanguagesAction = defineAction({
  name: "languages.settings",
  input: Input,
  roles: ["admin"],
  authorize: (ctx) => can.manageLanguages(ctx.subject),
  async run(ctx, input) {
    const settings = {
      defaultLocale: input.defaultLocale,
      formats: { numerals: input.numerals, calendars: input.calendars },
    };
    await saveSchoolLanguages(ctx.actor.connectionId, settings, ctx.actor.id);
    revalidatePath("/", "layout");
    return settings;
  },
  target: () => ({ type: "language_settings" }),
});
