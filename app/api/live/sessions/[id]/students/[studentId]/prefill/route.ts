// v1 calls: 3 (the session and the student in parallel, then the student's recitations); plus
// GET /school once per process and, for a teacher, GET /sheikhs/{id} per linked sheikh. The plan
// segment comes from the dashboard's synced plan store. See lib/features/live/server/prefill-source.ts.
import { loadStudentPrefill } from "@/lib/features/live/server/prefill-source";
import { staffJson } from "@/lib/web/staff-json";

/** What the live screen's recitation entry prefills from, fetched when it opens for a student (a GET route: never a server action). */
export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  context: { params: Promise<{ id: string; studentId: string }> },
): Promise<Response> {
  const { id, studentId } = await context.params;
  return staffJson((actor) => loadStudentPrefill(actor, id, studentId));
}
