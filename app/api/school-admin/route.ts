import { handleAdmin } from "@/school-api/admin-http";
import { isEmbeddedMode } from "@/lib/connections/mode";
import { embeddedSchoolApi } from "@/school-api/runtime";

/** The embedded school's own application (learning plan staff actions, policies), for demos and tests. */
export async function POST(request: Request): Promise<Response> {
  if (!isEmbeddedMode()) return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
  const api = await embeddedSchoolApi();
  return handleAdmin(request, api.database.db);
}

export const dynamic = "force-dynamic";
