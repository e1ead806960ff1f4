"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { parseNotebookForm } from "./settings-form";
import { saveNotebookSettings } from "./settings";

const Fields = z.record(z.string().max(200), z.string().max(2000)).transform((fields, ctx) => {
  const parsed = parseNotebookForm(fields);
  if (!parsed.ok) {
    for (const [path, message] of Object.entries(parsed.errors))
      ctx.addIssue({ code: "custom", message, path: [path] });
    return z.NEVER;
  }
  return parsed.value;
});

/** The school's notebook settings (mistake types and names, rating thresholds, revision rule): admins only, per connection, audited. */
export const saveNotebookSettingsAction = defineAction({
  name: "notebook.settings",
  input: Fields,
  roles: ["admin"],
  authorize: (ctx) => can.manageProgressSettings(ctx.subject),
  async run(ctx, input) {
    await saveNotebookSettings(ctx.actor.connectionId, input, ctx.actor.id);
    revalidatePath("/", "layout");
    return { types: input.mistakeTypes.length };
  },
  target: () => ({ type: "notebook_settings" }),
});
