import { z } from "zod";
import { hasBidiControls, wellFormed } from "@/lib/contract";
import { visiblePart } from "@/lib/contract/invisible";
import { addDays, isCalendarDate } from "@/lib/dates";
import { EXCUSE_DAYS_AHEAD, EXCUSE_REASON_MAX } from "./limits";

/**
 * What a parent sends. Messages are catalogue keys (`excuses.validation.*`): the schema runs before
 * anyone's language is known, so the form translates them. The date is checked against the school's
 * today by `dateProblem`, which needs the school's time zone.
 */
export const ExcuseInput = z.object({
  lineageId: wellFormed(z.string().trim().min(1).max(100)),
  day: z
    .string()
    .trim()
    .max(10, { error: "excuses.validation.date" })
    .refine(isCalendarDate, { error: "excuses.validation.date" }),
  reason: wellFormed(
    z
      .string()
      .trim()
      .min(1, { error: "excuses.validation.reasonEmpty" })
      .max(EXCUSE_REASON_MAX * 2, { error: "excuses.validation.reasonLong" })
      // Counted in code points, as a person counts characters (an emoji is one).
      .refine((value) => [...value].length <= EXCUSE_REASON_MAX, { error: "excuses.validation.reasonLong" })
      // The text rules of names and notes (lib/contract/bodies.ts): nothing that reorders what is
      // shown, and something a reader sees (not only zero-width spaces).
      .refine((value) => !hasBidiControls(value), { error: "excuses.validation.reasonControls" })
      .refine((value) => visiblePart(value) !== "", { error: "excuses.validation.reasonEmpty" }),
  ),
});
export type ExcuseInput = z.output<typeof ExcuseInput>;

/** Why a school date cannot be excused from `today` (both YYYY-MM-DD, school time), or null when it can. */
export function dateProblem(
  day: string,
  today: string,
): "excuses.validation.past" | "excuses.validation.tooFar" | null {
  if (day < today) return "excuses.validation.past";
  if (day > addDays(today, EXCUSE_DAYS_AHEAD)) return "excuses.validation.tooFar";
  return null;
}
