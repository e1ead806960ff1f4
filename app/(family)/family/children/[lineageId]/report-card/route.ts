// v1 calls: listStudents?lineage_id, getHalqa (school, semesters, surahs cached); the rest from the read models.
import { cardOfLineage } from "@/lib/features/report-cards/load";
import { cardsRoute } from "@/lib/features/report-cards/response";

export const dynamic = "force-dynamic";

/**
 * The signed-in parent's child's term report card (the child's current term, or `?semester=`). A
 * lineage not linked to this parent is a 404 before the school is asked anything.
 */
export const GET = cardsRoute(
  "lineageId",
  ["parent"],
  (actor, lineageId, semester) =>
    actor.studentLineageIds.includes(lineageId) ? cardOfLineage(actor, lineageId, semester) : Promise.resolve(null),
  "report-card",
);
