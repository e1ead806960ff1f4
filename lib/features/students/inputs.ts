import { z } from "zod";
import { STUDENT_STATUSES, wellFormed, type BodyOf } from "@/lib/contract";

/**
 * What the student forms post. Deliberately loose: the school's API owns the rules (name length,
 * real dates, the halqa's semester), and its validation errors come back onto these same fields.
 * Ids come from pickers filled by the API and are only checked for shape here. Text that no
 * database can store (NUL, a lone surrogate) is refused here as the API refuses it, so it never
 * reaches the audit log or a log line.
 */
const id = wellFormed(z.string().min(1).max(64));
const text = wellFormed(z.string().max(2000));
const optionalText = text.optional().default("");

export const CreateStudentInput = z.object({
  full_name: text,
  preferred_name: optionalText,
  halqa_id: id,
  status: z.enum(STUDENT_STATUSES).optional(),
  enrolled_on: optionalText,
});
export type CreateStudentInput = z.input<typeof CreateStudentInput>;

export const UpdateStudentInput = z.object({
  id,
  full_name: text,
  preferred_name: optionalText,
  halqa_id: id,
  /** The current status may be one the school added later; it is then left as it is. */
  status: wellFormed(z.string().max(40)),
  enrolled_on: optionalText,
});
export type UpdateStudentInput = z.input<typeof UpdateStudentInput>;

const emptyToNull = (value: string | undefined) => (value?.trim() ? value : null);
const isKnownStatus = (value: string): value is (typeof STUDENT_STATUSES)[number] =>
  (STUDENT_STATUSES as readonly string[]).includes(value);

export function toCreateBody(input: CreateStudentInput): BodyOf<"createStudent"> {
  return {
    full_name: input.full_name,
    preferred_name: emptyToNull(input.preferred_name),
    halqa_id: input.halqa_id,
    ...(input.status ? { status: input.status } : {}),
    enrolled_on: emptyToNull(input.enrolled_on),
  };
}

export function toUpdateBody(input: UpdateStudentInput): BodyOf<"updateStudent"> {
  return {
    full_name: input.full_name,
    preferred_name: emptyToNull(input.preferred_name),
    halqa_id: input.halqa_id,
    ...(isKnownStatus(input.status) ? { status: input.status } : {}),
    enrolled_on: emptyToNull(input.enrolled_on),
  };
}
