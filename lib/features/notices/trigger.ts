import "server-only";
import { runNotices, type NoticeRunResult } from "./job";
import { logger } from "@/lib/ops/log";

/**
 * One notices run per connection at a time in this process; a request for a run while one is going
 * makes one more run after it (what the running one already read may miss the newest register).
 */
type Entry = { running: Promise<NoticeRunResult>; again: boolean; weeklyNow: boolean };
const state = globalThis as typeof globalThis & { __noticeRuns?: Map<string, Entry> };

export function runSerialized(connectionId: string, options: { weeklyNow?: boolean } = {}): Promise<NoticeRunResult> {
  const runs = (state.__noticeRuns ??= new Map());
  const current = runs.get(connectionId);
  if (current) {
    current.again = true;
    current.weeklyNow ||= options.weeklyNow ?? false;
    return current.running;
  }
  const entry: Entry = {
    running: Promise.resolve<NoticeRunResult>({ status: "busy" }),
    again: false,
    weeklyNow: false,
  };
  entry.running = (async () => {
    try {
      let result = await runNotices(connectionId, { weeklyNow: options.weeklyNow });
      while (entry.again) {
        entry.again = false;
        const weeklyNow = entry.weeklyNow;
        entry.weeklyNow = false;
        result = await runNotices(connectionId, { weeklyNow });
      }
      return result;
    } finally {
      runs.delete(connectionId);
    }
  })();
  runs.set(connectionId, entry);
  return entry.running;
}

/** After a session is ended in the dashboard: its register settled, so its notices go now, not at the next tick. */
export function kickNotices(connectionId: string, options: { weeklyNow?: boolean } = {}): void {
  runSerialized(connectionId, options).catch((error: unknown) =>
    logger().warn(
      { kind: "notices", connectionId, error: error instanceof Error ? error.name : "error" },
      "a notices run failed",
    ),
  );
}
