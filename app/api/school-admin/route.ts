import { handleAdmin, embeddedSchoolApi } from "@/school-api";
import { isEmbeddedMode } from "@/lib/connections/mode";
import { apiNotFound } from "@/lib/web/api-error";

/** The embedded school's own application (learning plan staff actions, policies), for demos and tests. */
export async function POST(request: Request): Promise<Response> {
  if (!isEmbeddedMode()) return apiNotFound();
  const api = await embeddedSchoolApi();
  return handleAdmin(request, api.database.db);
}

export const dynamic = "force-dynamic";
