import { requestClientAddress } from "@/lib/security/client-address";
import { BAD_QUERY_HEADER } from "@/lib/security/edge-guard";
import { embeddedModeEnabled, embeddedSchoolApi } from "@/lib/school-api/runtime";

/** The embedded School API v1: on when SCHOOL_API_URL is unset, a plain 404 when pointed at a real school. */
async function handle(request: Request): Promise<Response> {
  if (!embeddedModeEnabled()) {
    return Response.json({ error: { code: "not_found", message: "The embedded School API is off: this dashboard uses a real school's API" } }, { status: 404 });
  }
  const api = await embeddedSchoolApi();
  return api.handle(request, { clientIp: requestClientAddress(request.headers), badQuery: request.headers.get(BAD_QUERY_HEADER) });
}

export const dynamic = "force-dynamic";
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
