import { ALLOWED_METHODS } from "@/lib/security/edge-guard";

const ANSWERS: Record<string, { status: number; message: string; headers?: Record<string, string> }> = {
  method_not_allowed: {
    status: 405,
    message: "This method is not allowed",
    headers: { Allow: ALLOWED_METHODS.join(", ") },
  },
  payload_too_large: { status: 413, message: "The body is larger than this address accepts{limit}" },
  length_required: { status: 411, message: "Send the body with a Content-Length" },
};

/** What lib/security/edge-guard.ts refused before Next.js read the request, as the API's JSON error. */
export async function GET(request: Request, { params }: { params: Promise<{ reason: string }> }): Promise<Response> {
  const { reason } = await params;
  const answer = ANSWERS[reason];
  if (!answer) return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
  const limit = /^\d{1,12}$/.exec(new URL(request.url).searchParams.get("limit") ?? "")?.[0];
  const message = answer.message.replace("{limit}", limit ? ` (${limit} bytes)` : "");
  return Response.json({ error: { code: reason, message } }, { status: answer.status, headers: answer.headers });
}

export const dynamic = "force-dynamic";
