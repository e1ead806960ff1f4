import "server-only";
import { bearerMatches } from "@/lib/security/bearer";
import { errorSummary } from "@/lib/security/log-safe";
import type { Db } from "./db/client";
import * as admin from "./admin";
import { ApiError, errorResponse, validationFailed } from "./errors";
import { forgetCachedKeys } from "./key-auth";
import { invalidateReads } from "./read-cache";
import { tracedCalls } from "./trace";
import { MAX_BODY_BYTES } from "./request";
import { readCappedBody } from "@/lib/security/body-limit";
import { logger } from "@/lib/ops/log";

type Args = Record<string, unknown>;
type AdminOp = { id?: string; run: (db: Db, id: string, args: Args) => Promise<unknown> };

/** The one named argument an operation takes besides its id; any other field is refused. */
function only(args: Args, name: string): unknown {
  noOthers(args, [name]);
  if (!(name in args)) throw validationFailed({ [name]: "is required" });
  return args[name];
}

function noOthers(args: Args, allowed: string[] = []): void {
  const extra = Object.keys(args).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw validationFailed(Object.fromEntries(extra.map((key) => [key, "is not a known field"])));
}

/** Values are validated by the operation itself; this only keeps a non-string from passing as one. */
const text = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/** Every operation of the school's application, by name; the CLI's `--direct` mode uses this table too. */
export const ADMIN_OPS: Record<string, AdminOp> = {
  "list-schools": { run: (db, _id, args) => (noOthers(args), admin.listSchools(db)) },
  /** The v1 operations one dashboard page request made (embedded mode with SCHOOL_API_TRACE=1). */
  "trace-calls": { id: "requestId", run: async (_db, id) => ({ request_id: id, operations: tracedCalls(id) }) },
  "replace-assignment": { id: "assignmentId", run: (db, id, args) => admin.replaceAssignment(db, id, args) },
  "set-assignment-status": {
    id: "assignmentId",
    run: (db, id, args) => admin.setAssignmentStatus(db, id, text(only(args, "status"))),
  },
  "set-plan-status": { id: "planId", run: (db, id, args) => admin.setPlanStatus(db, id, text(only(args, "status"))) },
  "update-plan": { id: "planId", run: (db, id, args) => admin.updatePlan(db, id, args) },
  "set-school-policy": { id: "schoolId", run: (db, id, args) => admin.setSchoolPolicy(db, id, args) },
  "set-halqa-plan-config": { id: "halqaId", run: (db, id, args) => admin.setHalqaPlanConfig(db, id, args) },
  "set-student-plan-config": { id: "studentId", run: (db, id, args) => admin.setStudentPlanConfig(db, id, args) },
  "create-halqa": { id: "semesterId", run: (db, id, args) => admin.createHalqa(db, id, args as admin.NewHalqa) },
  "set-sheikh-status": {
    id: "sheikhId",
    run: (db, id, args) => admin.setSheikhStatus(db, id, text(only(args, "status"))),
  },
  "create-api-key": {
    id: "schoolId",
    run: (db, id, args) => admin.createApiKey(db, id, args as Parameters<typeof admin.createApiKey>[2]),
  },
  "revoke-api-key": { id: "keyId", run: (db, id, args) => (noOthers(args), admin.revokeApiKey(db, id)) },
  "list-api-keys": { id: "schoolId", run: (db, id, args) => (noOthers(args), admin.listApiKeys(db, id)) },
  "touch-plans": { id: "schoolId", run: (db, id, args) => admin.touchPlans(db, id, only(args, "fraction") as number) },
};

/** Runs one operation from `{ op, ...args }`: the id argument is taken out and the rest validated by the operation. */
export async function runAdminOp(db: Db, body: unknown): Promise<unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new ApiError("bad_request", 'Send a JSON object: { "op": "<operation>", ...arguments }');
  const { op, ...args } = body as Args;
  const entry = typeof op === "string" && Object.hasOwn(ADMIN_OPS, op) ? ADMIN_OPS[op] : undefined;
  if (!entry)
    throw new ApiError("bad_request", `Unknown op ${JSON.stringify(op)}; known: ${Object.keys(ADMIN_OPS).join(", ")}`, {
      ops: Object.keys(ADMIN_OPS),
    });
  try {
    if (!entry.id) return await entry.run(db, "", args);
    const { [entry.id]: id, ...rest } = args;
    if (typeof id !== "string" || id === "")
      throw validationFailed({ [entry.id]: "is required (an id taken from the API or from list-schools)" });
    return await entry.run(db, id, rest);
  } finally {
    // Keys, school policies and records may have changed: the API must see it on its next request.
    forgetCachedKeys();
    invalidateReads();
  }
}

/**
 * The school-admin surface over HTTP: `POST { "op": ..., ...args }` with
 * `Authorization: Bearer $SCHOOL_ADMIN_TOKEN`. Without that variable the surface does not exist (404).
 */
export async function handleAdmin(request: Request, db: Db): Promise<Response> {
  const token = process.env.SCHOOL_ADMIN_TOKEN;
  if (!token) return errorResponse(new ApiError("not_found", "Not found"));
  try {
    if (!bearerMatches(request.headers.get("authorization"), token)) {
      throw new ApiError(
        "invalid_api_key",
        "Send the school admin token as 'Authorization: Bearer <SCHOOL_ADMIN_TOKEN>'",
      );
    }
    if (request.method !== "POST") throw new ApiError("method_not_allowed", "Use POST", undefined, { Allow: "POST" });
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
      throw new ApiError("unsupported_media_type", "Send the body as JSON with 'Content-Type: application/json'");
    }
    const bytes = await readCappedBody(request, MAX_BODY_BYTES);
    if (bytes === null) throw new ApiError("payload_too_large", `The body is larger than ${MAX_BODY_BYTES} bytes`);
    const raw = new TextDecoder().decode(bytes);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ApiError("bad_request", "The body is not valid JSON");
    }
    return Response.json({ data: await runAdminOp(db, body) });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    logger().error({ kind: "school_admin", error: errorSummary(error) }, "school-admin: unexpected error");
    return errorResponse(new ApiError("internal_error", "Unexpected server error"));
  }
}
