import type { Actor } from "@/lib/auth/actor";
import { loadPlanDetail } from "@/lib/features/plans/queries";
import { detailLayout } from "@/lib/failures/detail-layout";

const planExists = async (actor: Actor, id: string) => (await loadPlanDetail(actor, id)) !== null;

/** A missing plan, or one of a student the teacher does not teach, is a real 404, decided before the page streams. */
export default detailLayout(planExists);
