// v1 calls: getStudent, listStudents?lineage_id, getHalqa (school, semesters, surahs cached); the rest from the read models.
import { loadStudentCard } from "@/lib/features/report-cards/load";
import { cardsRoute } from "@/lib/features/report-cards/response";

export const dynamic = "force-dynamic";

/**
 * One student's term report card as an A4 PDF (`?semester=` another term of the same student). Staff
 * who may see the student, or the parent linked to the child; anyone else 404 (lib/features/report-cards/response.ts).
 */
export const GET = cardsRoute("id", ["admin", "teacher", "parent"], loadStudentCard, "report-card");
