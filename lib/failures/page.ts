import "server-only";
import { notFound } from "next/navigation";
import { failureOf, isNotFound, type Failure } from "@/lib/v1";
import { logger } from "@/lib/ops/log";

export type Loaded<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/**
 * A page's reads, with the school's refusals as values instead of crashes: a record that does not
 * exist is the page's 404; any other failure of the school's API (a 403 by name, a conflict, the
 * service not answering) comes back for `<RefusalNotice>` to explain. Anything else is a bug and
 * is thrown to the error boundary. Logged as a code, never as an unhandled error.
 */
export async function loadPage<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    if (isNotFound(failure)) notFound();
    logger().warn(
      { kind: "page", code: failure.code, operation: failure.operation },
      "the school API refused or failed a page",
    );
    return { ok: false, failure };
  }
}
