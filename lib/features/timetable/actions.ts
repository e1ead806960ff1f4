"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { halqaRecord } from "@/lib/features/records";
import { timetableProblem, WEEKDAYS, type Timetable, type Weekday } from "./rules";
import { removeTimetable, saveTimetable } from "./store";

const HalqaId = z.string().min(1).max(200);
const dayFields = Object.fromEntries(WEEKDAYS.map((day) => [`day${day}`, z.string().optional()])) as Record<
  `day${Weekday}`,
  z.ZodOptional<z.ZodString>
>;

/** The form: a box per weekday (`day1` … `day7`; one name per box, since a form's repeated names do not reach an action), start and optional end. */
const Input = z
  .object({ halqaId: HalqaId, startsAt: z.string().max(10), endsAt: z.string().max(10).optional(), ...dayFields })
  .transform((raw) => ({
    halqaId: raw.halqaId,
    timetable: {
      weekdays: WEEKDAYS.filter((day) => raw[`day${day}`] !== undefined && raw[`day${day}`] !== ""),
      startsAt: raw.startsAt,
      endsAt: raw.endsAt ? raw.endsAt : null,
    } satisfies Timetable,
  }))
  .superRefine((input, ctx) => {
    const problem = timetableProblem(input.timetable);
    if (problem)
      ctx.addIssue({ code: "custom", path: [problem.field], message: `overview.timetable.invalid.${problem.reason}` });
  });

/**
 * A halqa's timetable: admins only, for a halqa the school's API knows; stored under the halqa's own
 * semester (from its record, never from the form). Audited.
 */
export const saveTimetableAction = defineAction({
  name: "timetable.save",
  input: Input,
  roles: ["admin"],
  authorize: async (ctx, input) =>
    can.manageTimetable(ctx.subject) && ((await halqaRecord(ctx.actor.connectionId, input.halqaId)) ?? false),
  async run(ctx, input) {
    const halqa = ctx.loaded;
    await saveTimetable(
      ctx.actor.connectionId,
      { id: halqa.id, semesterId: halqa.semester_id },
      input.timetable,
      ctx.actor.id,
    );
    revalidatePath("/admin", "layout");
    return { halqaId: halqa.id, name: halqa.name };
  },
  target: (input, data) => ({ type: "halqa_timetable", id: input.halqaId, ...(data ? { label: data.name } : {}) }),
});

export const removeTimetableAction = defineAction({
  name: "timetable.remove",
  input: z.object({ halqaId: HalqaId }),
  roles: ["admin"],
  authorize: (ctx) => can.manageTimetable(ctx.subject),
  async run(ctx, input) {
    await removeTimetable(ctx.actor.connectionId, input.halqaId);
    revalidatePath("/admin", "layout");
    return { halqaId: input.halqaId };
  },
  target: (input) => ({ type: "halqa_timetable", id: input.halqaId }),
});
