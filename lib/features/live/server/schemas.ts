import { z } from "zod";
import { ATTENDANCE_BATCH_MAX, AttendanceMark, Id, RecitationCreate, Timestamp, wellFormed } from "@/lib/contract";

/** Inputs of the live write actions: the contract's own bodies, plus what the queue adds. */

const clientVersion = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const SaveMarksSchema = z
  .strictObject({
    sessionId: Id,
    deviceId: wellFormed(z.string().min(1).max(100)),
    marks: z.array(AttendanceMark.safeExtend({ clientVersion })).min(1).max(ATTENDANCE_BATCH_MAX),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.marks.forEach((mark, index) => {
      if (seen.has(mark.student_id))
        ctx.addIssue({ code: "custom", message: "student given twice", path: ["marks", index, "student_id"] });
      seen.add(mark.student_id);
    });
  });

/** Shape only: the school's types, the range and the total are checked with the school's settings (lib/features/notebook). */
const Tap = z.strictObject({
  type: wellFormed(z.string().min(1).max(40)),
  at: z.strictObject({ surah: z.number().int(), ayah: z.number().int() }).nullable(),
});
export const MistakeTaps = z.array(Tap).max(5000);

export const RecordRecitationSchema = RecitationCreate.safeExtend({
  taps: MistakeTaps.optional(),
  sessionId: Id,
  clientId: z.uuid(),
  recorded_at: Timestamp,
  maybeSent: z.boolean().optional(),
});
