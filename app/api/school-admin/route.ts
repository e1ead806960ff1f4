import { handleAdmin, embeddedSchoolApi } from "@/school-api";
import { isEmbeddedMode } from "@/lib/connections/mode";

/** The embedded school's own application (learning plan staff actions, policies), for demos and tests. */
export async function POST(request: Request): Promise<Response> {
  if (!isEmbeddedMode()) return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
  const api = await embeddedSchoolApi();
  return handleAdmin(request, api.database.db);
}

export const dynamic = "force-dynamic";
