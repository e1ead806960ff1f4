import { ALLOWED_METHODS, type EdgeRefusal } from "@/lib/security/edge-guard";
import { apiLengthRequired, apiMethodNotAllowed, apiNotFound, apiTooLarge } from "@/lib/web/api-error";

const ANSWERS: Record<EdgeRefusal, (limit: string | undefined) => Response> = {
  unknown_method: () => apiMethodNotAllowed("This method is not allowed", ALLOWED_METHODS),
  too_large: (limit) => apiTooLarge(`The body is larger than this address accepts${limit ? ` (${limit} bytes)` : ""}`),
  no_length: () => apiLengthRequired("Send the body with a Content-Length"),
};

const isRefusal = (reason: string): reason is EdgeRefusal => Object.hasOwn(ANSWERS, reason);

/** What lib/security/edge-guard.ts refused before Next.js read the request, as the API's JSON error. */
export async function GET(request: Request, { params }: { params: Promise<{ reason: string }> }): Promise<Response> {
  const { reason } = await params;
  if (!isRefusal(reason)) return apiNotFound();
  const limit = /^\d{1,12}$/.exec(new URL(request.url).searchParams.get("limit") ?? "")?.[0];
  return ANSWERS[reason](limit);
}

export const dynamic = "force-dynamic";
