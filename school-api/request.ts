import { z } from "zod";
import type { Endpoint } from "@/lib/contract";
import { BODY_LIMITS, readCappedBody } from "@/lib/security/body-limit";
import { ApiError, validationFailed } from "./errors";

export const MAX_BODY_BYTES = BODY_LIMITS.schoolApi;
const BODY_CREDENTIALS = ["api_key", "apikey", "access_token", "authorization", "token", "secret"];

/** `rows.3.status` style paths, as documented for `details.fields`. */
export function issuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[[...issue.path, key].join(".")] = "is not a known field";
      continue;
    }
    const path = issue.path.join(".") || "(body)";
    fields[path] ??= issue.message;
  }
  return fields;
}

/** `%FF` decodes to U+FFFD in URLSearchParams; refuse it instead of filtering by a character nobody sent. */
function checkQueryEncoding(url: URL): void {
  for (const pair of url.search.slice(1).split("&")) {
    try {
      decodeURIComponent(pair.replaceAll("+", " "));
    } catch {
      const name = pair.split("=")[0] ?? "";
      throw new ApiError("bad_request", "A query parameter is not valid percent-encoded UTF-8", {
        fields: { [safeName(name)]: "is not valid UTF-8" },
      });
    }
  }
}

const safeName = (name: string) => (/^[A-Za-z0-9_]{1,64}$/.test(name) ? name : "(query)");

/**
 * `badQuery`: a parameter the edge guard saw undecodable before Next.js turned `%FF` into U+FFFD
 * (lib/security/edge-guard.ts); the URL itself is checked too, for servers that hand it over raw.
 */
export function parseQuery(endpoint: Endpoint, url: URL, badQuery: string | null = null): Record<string, unknown> {
  if (badQuery)
    throw new ApiError("bad_request", "A query parameter is not valid percent-encoded UTF-8", {
      fields: { [safeName(badQuery)]: "is not valid UTF-8" },
    });
  checkQueryEncoding(url);
  const raw: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in raw)
      throw new ApiError("bad_request", `Query parameter '${name}' is given more than once`, {
        fields: { [name]: "given more than once" },
      });
    raw[name] = value;
  }
  const parsed = endpoint.query.safeParse(raw);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error);
    const names = Object.keys(fields).join(", ");
    throw new ApiError("bad_request", `Invalid query parameters: ${names}`, { fields });
  }
  return parsed.data;
}

/** Reads and size-checks a body, and refuses one that carries a credential. */
export async function readBody(request: Request): Promise<string> {
  const bytes = await readCappedBody(request, MAX_BODY_BYTES);
  if (bytes === null) throw tooLarge();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError("bad_request", "The body is not valid UTF-8");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  if (json && typeof json === "object" && !Array.isArray(json)) {
    const credential = Object.keys(json).find((name) => BODY_CREDENTIALS.includes(name.toLowerCase()));
    if (credential)
      throw new ApiError(
        "bad_request",
        "Credentials must not be sent in a body; use the Authorization header. Rotate a key that was sent this way.",
      );
  }
  return text;
}

/** JSON-parses and validates a body read by `readBody`; bad input is a 4xx that changes nothing. */
export function parseBody(endpoint: Endpoint, request: Request, text: string): unknown {
  if (!endpoint.body) {
    if (text.trim() === "" || text.trim() === "{}") return undefined;
    throw validationFailed({ "(body)": "this operation takes no body" }, "This operation takes no request body");
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with 'Content-Type: application/json'");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The body is not valid JSON");
  }
  const parsed = endpoint.body.safeParse(json);
  if (!parsed.success) throw validationFailed(issuesToFields(parsed.error));
  return parsed.data;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

const tooLarge = () => new ApiError("payload_too_large", `The body is larger than ${MAX_BODY_BYTES} bytes`);

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function idempotencyKeyOf(request: Request, endpoint: Endpoint): string | null {
  const value = request.headers.get("idempotency-key");
  if (value === null) return null;
  if (!endpoint.idempotent) throw new ApiError("bad_request", "This operation does not take an Idempotency-Key");
  if (!IDEMPOTENCY_KEY.test(value))
    throw new ApiError("bad_request", "Idempotency-Key must be 1-200 visible ASCII characters");
  return value;
}
