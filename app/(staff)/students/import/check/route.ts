// v1 calls: listHalqas and listStudents of the semester (one per 100 records each).
import { z } from "zod";
import { importRoute, INVALID } from "@/lib/features/students/import/route";
import { ImportRows, SemesterId } from "@/lib/features/students/import/inputs";
import { checkImport } from "@/lib/features/students/import/preview";

export const dynamic = "force-dynamic";

const Body = z.strictObject({ semesterId: SemesterId, rows: ImportRows });

/** The preview's rows again, as the office fixed them (or fewer: the rows they dropped are not sent). */
export async function POST(request: Request): Promise<Response> {
  return importRoute(request, async (actor, body) => {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      json = null;
    }
    const parsed = Body.safeParse(json);
    if (!parsed.success) return INVALID;
    return { ok: true, rows: await checkImport(actor.connectionId, parsed.data.semesterId, parsed.data.rows) };
  });
}
