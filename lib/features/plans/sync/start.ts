import "server-only";
import { failureOf } from "@/lib/v1";
import { errorSummary } from "@/lib/security/log-safe";
import { syncPlans, type SyncOptions, type SyncResult } from "./sync-plans";
import { logger } from "@/lib/ops/log";

export type StartedSync =
  /** The cycle holds the lease, its first page came, and it runs on in the background; poll `getSyncStatus` for its progress. */
  | { started: true; cycleId: string; mode: "full" | "incremental"; resumed: boolean; done: Promise<SyncResult> }
  /** It ended before it began: another run holds the lease (`busy`), or the key or school refused (`denied`). */
  | { started: false; result: SyncResult };

/**
 * For the admin "Sync now" button: starts a cycle and answers as soon as it runs (or could not
 * start), without waiting for a cycle that may take minutes. The page then polls
 * `getSyncStatus(db, connectionId)` for the progress bar and counts. A failure after the start is
 * recorded in the sync state by `syncPlans` (and resumed by the next run), and logged here.
 */
export function startPlanSync(
  connectionId: string,
  options: Omit<SyncOptions, "onProgress"> = {},
): Promise<StartedSync> {
  return new Promise<StartedSync>((resolve, reject) => {
    let answered = false;
    const done = syncPlans(connectionId, {
      ...options,
      onProgress(progress) {
        // The first page has come: the key and the school accept the traversal.
        if (answered || progress.phase !== "plans") return;
        answered = true;
        resolve({ started: true, cycleId: progress.cycleId, mode: progress.mode, resumed: progress.resumed, done });
      },
    });
    done.then(
      (result) => {
        if (!answered) {
          answered = true;
          resolve({ started: false, result });
        }
      },
      (error: unknown) => {
        if (!answered) {
          answered = true;
          reject(error);
          return;
        }
        logger().error(
          { kind: "plan_sync", connectionId, code: failureOf(error)?.code ?? errorSummary(error) },
          "cycle interrupted; the next run resumes it",
        );
      },
    );
  });
}
