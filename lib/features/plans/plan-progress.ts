import type { LearningPlan } from "@/lib/contract";
import { wholePercent } from "@/lib/percent";
import { trackProgress } from "./progress";

export type TrackShare = { type: LearningPlan["tracks"][number]["type"]; percent: number; completed: boolean };

/** The plan progress the staff student page shows. */
export type StaffPlanProgress =
  { state: "unavailable" } | { state: "none" } | { state: "plan"; id: string; name: string; tracks: TrackShare[] };

/** The plan a student is working through: the first state of `states` that has one, the latest changed of those. */
export function currentPlan<T extends Pick<LearningPlan, "status" | "updated_at" | "id">>(
  plans: readonly T[],
  states: readonly string[],
): T | null {
  for (const state of states) {
    const found = plans
      .filter((plan) => plan.status === state)
      .toSorted((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id));
    if (found[0]) return found[0];
  }
  return null;
}

/** How far each of the plan's tracks has come, in whole percent (rounded down, so 100 means done). */
export function trackShares(
  plan: Pick<LearningPlan, "start_position" | "destination_position" | "direction" | "tracks">,
): TrackShare[] {
  return plan.tracks.map((track) => ({
    type: track.type,
    percent: wholePercent(trackProgress(plan, track)),
    completed: track.completed_at !== null,
  }));
}
