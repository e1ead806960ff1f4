import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { BODY_LIMITS, readCappedBody } from "@/lib/security/body-limit";
import { payloadTooLarge } from "@/lib/web/api-error";

export const { GET } = handlers;

/** Auth.js reads a body whole; it gets one only after it was read within the limit (README, "Limits"). */
export async function POST(request: NextRequest): Promise<Response> {
  const body = await readCappedBody(request, BODY_LIMITS.auth);
  if (body === null) return payloadTooLarge(BODY_LIMITS.auth);
  const headers = new Headers(request.headers);
  headers.delete("transfer-encoding");
  headers.set("content-length", String(body.byteLength));
  return handlers.POST(new NextRequest(request.url, { method: "POST", headers, body: body as BodyInit }));
}
