// v1 calls: listStudents?lineage_id, getHalqa (school, semesters, surahs cached); the rest from the read models.
import { cardOfLineage } from "@/lib/features/report-cards/load";
import { cardsResponse, namePart, semesterParam } from "@/lib/features/report-cards/response";

export const dynamic = "force-dynamic";

/**
 * The signed-in parent's child's term report card (the child's current term, or `?semester=`). A
 * lineage not linked to this parent is a 404 before the school is asked anything.
 */
export async function GET(request: Request, { params }: { params: Promise<{ lineageId: string }> }): Promise<Response> {
  const { lineageId } = await params;
  return cardsResponse(
    ["parent"],
    (actor) =>
      actor.studentLineageIds.includes(lineageId)
        ? cardOfLineage(actor, lineageId, semesterParam(request))
        : Promise.resolve(null),
    (set) => `report-card-${namePart(set.term.id)}-${namePart(lineageId)}`,
  );
}
