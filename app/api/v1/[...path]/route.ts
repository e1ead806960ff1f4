import { requestClientAddress } from "@/lib/security/client-address";
import { BAD_QUERY_HEADER } from "@/lib/security/edge-guard";
import { isEmbeddedMode } from "@/lib/connections/mode";
import { apiNotFound } from "@/lib/web/api-error";
import { embeddedSchoolApi } from "@/school-api";

/** The embedded School API v1: only in embedded mode (lib/connections/mode.ts), a plain 404 to everything when a real school is configured. */
async function handle(request: Request): Promise<Response> {
  if (!isEmbeddedMode()) return apiNotFound("The embedded School API is off: this dashboard uses a real school's API");
  const api = await embeddedSchoolApi();
  return api.handle(request, {
    clientIp: requestClientAddress(request.headers),
    badQuery: request.headers.get(BAD_QUERY_HEADER),
  });
}

export const dynamic = "force-dynamic";
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
