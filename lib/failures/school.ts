import "server-only";
import type { School } from "@/lib/contract";
import { clientFor } from "@/lib/connections";
import { failureOf, type Failure } from "@/lib/v1";

/**
 * The connection's school (its memoized GET /school), or null when the school's API refuses or does
 * not answer: for what must render without it (the landing page, the shell's heading, the admin
 * pages where a refused key gets fixed, the time zone, a part of a page). `onFailure` hears why, for a
 * caller that explains or logs it. Anything that is not a failure of the school's API is a bug and is thrown.
 */
export async function schoolOrNull(
  connectionId: string,
  onFailure?: (failure: Failure) => void,
): Promise<School | null> {
  try {
    return await clientFor(connectionId).tenant();
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    onFailure?.(failure);
    return null;
  }
}
