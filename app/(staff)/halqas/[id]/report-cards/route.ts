// v1 calls: getHalqa, listStudents?halqa_id (school, semesters, surahs cached); each card from the read models.
import { loadHalqaCards } from "@/lib/features/report-cards/load";
import { cardsResponse, namePart, semesterParam } from "@/lib/features/report-cards/response";

export const dynamic = "force-dynamic";

/**
 * A halqa's term report cards as one A4 PDF, one card a page, by name. Admins and the halqa's
 * teachers; a parent, another teacher, or a `?semester=` that is not the halqa's: 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return cardsResponse(
    ["admin", "teacher"],
    (actor) => loadHalqaCards(actor, id, semesterParam(request)),
    (set) => `report-cards-${namePart(set.term.id)}-${namePart(id)}`,
  );
}
