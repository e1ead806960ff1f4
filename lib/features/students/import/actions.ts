"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { can } from "@/lib/authz/policy";
import { ImportRow, SemesterId } from "./inputs";
import { IMPORT_BATCH_SIZE } from "./limits";
import { runImportBatch } from "./run-batch";

/** A batch of checked rows, created in order (lib/features/students/import/run-batch.ts). */
export const importStudentBatch = defineAction({
  name: "student.import",
  input: z.strictObject({ semesterId: SemesterId, rows: z.array(ImportRow).min(1).max(IMPORT_BATCH_SIZE) }),
  roles: ["admin"],
  authorize: ({ subject }) => can.createStudent(subject),
  run: async (ctx, input) => {
    const result = await runImportBatch(ctx, input.semesterId, input.rows);
    if (result.outcomes.some((outcome) => outcome.state === "created")) revalidatePath("/students");
    return result;
  },
  details: (_ctx, _input, result) => ({
    created: result.outcomes.filter((o) => o.state === "created").length,
    exists: result.outcomes.filter((o) => o.state === "exists").length,
    refused: result.outcomes.filter((o) => o.state === "refused").length,
  }),
});
