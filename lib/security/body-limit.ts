/**
 * How large a request body may be, by where it goes (README, "Limits"). Checked twice: by the
 * declared `Content-Length` before anything reads the body (lib/security/edge-guard.ts), and while
 * a route handler streams it (`readCappedBody`), for a body sent without a length.
 */
export const KIB = 1024;
export const MIB = 1024 * KIB;

export const BODY_LIMITS = {
  /** The embedded School API and the school's admin surface. */
  schoolApi: MIB,
  /** Sign-in forms and single sign-on callbacks: a few fields. */
  auth: 64 * KIB,
  /** Server actions of the public pages (the login form, the language switch). */
  publicAction: 64 * KIB,
  /** Server actions of signed-in pages: Next.js's own `serverActions.bodySizeLimit` (1 MB). */
  action: MIB,
  /** Every other route handler only answers GET. */
  otherApi: 64 * KIB,
  /** The student import's file (5 MiB, lib/features/students/import/read-file.ts) and its checked rows, with room for the form around them. */
  studentImport: 6 * MIB,
} as const;

const PUBLIC_PAGES = new Set(["/", "/login"]);
const STUDENT_IMPORT_ROUTES = "/students/import/";

/**
 * After a refusal the client may still be sending its body. A connection closed with unread bytes
 * on it is reset by the kernel, and the reset can reach the client before it has read the answer
 * (it sees EPIPE or "connection reset" instead of the 413). So what still arrives is read and
 * dropped for at most this long after the answer: nginx's "lingering close".
 */
export const LINGER_MS = 2_000;

export function bodyLimitFor(pathname: string): number {
  if (pathname === "/api/v1" || pathname.startsWith("/api/v1/") || pathname === "/api/school-admin")
    return BODY_LIMITS.schoolApi;
  if (pathname.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  if (pathname === "/api" || pathname.startsWith("/api/")) return BODY_LIMITS.otherApi;
  if (pathname.startsWith(STUDENT_IMPORT_ROUTES)) return BODY_LIMITS.studentImport;
  return PUBLIC_PAGES.has(pathname) ? BODY_LIMITS.publicAction : BODY_LIMITS.action;
}

/** The body's bytes, or null as soon as it is known to be larger than `limit` (the rest is never read). */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= limit)) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void dropRest(reader);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops the rest of a refused body for at most LINGER_MS, then lets go of the connection. */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), LINGER_MS);
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client went away, or the deadline cancelled the read: either way the answer has gone.
  } finally {
    clearTimeout(deadline);
  }
}
