import "server-only";
import { z } from "zod";
import { refusal, type ActionFailure } from "@/lib/actions/define-action";
import { currentActor } from "@/lib/auth/session";
import { translator, type Translate } from "@/lib/i18n/core";
import { MistakeTaps } from "@/lib/features/live/server/schemas";
import { mistakeProblem, type MistakeProblem } from "./mistakes";
import { getNotebookSettings } from "./settings";

const Point = z.object({ surah: z.number(), ayah: z.number() });
const Shape = z.object({
  start: Point,
  end: Point,
  mistakes: z.number().nullable().optional(),
  taps: MistakeTaps.optional(),
});

export function problemMessage(problem: MistakeProblem, t: Translate): string {
  switch (problem.kind) {
    case "negative":
      return t("live.mistakes.problems.negative");
    case "tooMany":
      return t("live.mistakes.problems.tooMany", { max: problem.max });
    case "total":
      return t("live.mistakes.problems.total", { tapped: problem.taps });
    case "type":
      return t("live.mistakes.problems.type", { type: problem.type });
    case "outside":
      return t("live.mistakes.problems.outside", {
        position: problem.index + 1,
        surah: problem.at.surah,
        ayah: problem.at.ayah,
      });
  }
}

/**
 * A recitation's mistakes the school's settings do not allow (issue 29, "Bad input"): refused with the
 * reason in the teacher's language before anything is sent to the school or kept. Input of another
 * shape is left to the action's own parse; a signed-out caller to its sign-in check.
 */
export async function mistakesRefusal(raw: unknown): Promise<ActionFailure | null> {
  const parsed = Shape.safeParse(raw);
  if (!parsed.success) return null;
  const actor = await currentActor();
  if (!actor) return null;
  const settings = await getNotebookSettings(actor.connectionId);
  const problem = mistakeProblem(
    { ...parsed.data, mistakes: parsed.data.mistakes ?? null, taps: parsed.data.taps ?? [] },
    settings.mistakeTypes.map((type) => type.id),
  );
  if (!problem) return null;
  const message = problemMessage(problem, translator(actor.locale));
  return refusal("invalid_input", message, {
    [problem.kind === "type" || problem.kind === "outside" ? `taps.${problem.index}` : "mistakes"]: message,
  });
}
