// v1 calls: listHalqas and listStudents of the semester (one per 100 records each).
import { importRoute, INVALID } from "@/lib/features/students/import/route";
import { previewImportFile } from "@/lib/features/students/import/preview";

export const dynamic = "force-dynamic";

/** The uploaded file (the body itself, `?semester=`), read and checked: the preview (docs/student-import.md). */
export async function POST(request: Request): Promise<Response> {
  const semester = new URL(request.url).searchParams.get("semester");
  return importRoute(request, async (actor, body) =>
    semester ? previewImportFile(actor.connectionId, semester, body) : INVALID,
  );
}
