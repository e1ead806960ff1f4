import { z } from "zod";
import { PASSWORD_MIN } from "@/lib/auth/password-rules";
import { wellFormed } from "@/lib/contract";
import { LOCALES, ROLES } from "@/lib/db/schema";

/** The roles a dashboard account may have (the user forms list them). */
export { ROLES };

/**
 * Inputs of the user actions. Messages are catalogue keys (`admin.validation.*`): the schema runs
 * before anyone's language is known, so the form translates them.
 */
// No NUL or unpaired surrogate reaches the dashboard's store (it would be a 500 with the row in the log).
const id = wellFormed(z.string().trim().min(1).max(100));
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const CreateUserInput = z.object({
  email: wellFormed(z.string().trim().toLowerCase().max(200, { error: "admin.validation.email" })).pipe(
    z.email({ error: "admin.validation.email" }),
  ),
  name: wellFormed(
    z.string().trim().min(1, { error: "admin.validation.name" }).max(120, { error: "admin.validation.name" }),
  ),
  role: z.enum(ROLES, { error: "admin.validation.role" }),
  locale: z.enum(LOCALES).default("en"),
  password: z
    .string()
    .min(PASSWORD_MIN, { error: "admin.validation.passwordLength" })
    .max(200, { error: "admin.validation.passwordLength" }),
});

export const SetRoleInput = z.object({ userId: id, role: z.enum(ROLES, { error: "admin.validation.role" }) });
export const SetDisabledInput = z.object({ userId: id, disabled: flag });
export const LinkSheikhInput = z.object({ userId: id, sheikhId: id });
export const LinkStudentInput = z.object({ userId: id, studentId: id });
export const UnlinkInput = z.object({ userId: id, kind: z.enum(["sheikh", "student_lineage"]), refId: id });
