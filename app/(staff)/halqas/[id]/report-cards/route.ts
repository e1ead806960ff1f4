// v1 calls: getHalqa, listStudents?halqa_id (school, semesters, surahs cached); each card from the read models.
import { loadHalqaCards } from "@/lib/features/report-cards/load";
import { cardsRoute } from "@/lib/features/report-cards/response";

export const dynamic = "force-dynamic";

/**
 * A halqa's term report cards as one A4 PDF, one card a page, by name. Admins and the halqa's
 * teachers; a parent, another teacher, or a `?semester=` that is not the halqa's: 404.
 */
export const GET = cardsRoute("id", ["admin", "teacher"], loadHalqaCards, "report-cards");
