import "server-only";
import { startSyncScheduler, type SyncScheduler } from "@/lib/features/plans/sync/scheduler";
import { loadConnections } from "@/lib/connections";
import { mailConfigFor } from "@/lib/mail/config";
import type { NoticeRunResult } from "./job";
import { publicBaseUrl } from "./unsubscribe-token";

/**
 * Runs the notices job for every school connection every `NOTICES_INTERVAL_SECONDS` (default 60;
 * 0 turns it off), on the syncs' scheduler: connections take turns, ticks never overlap, and the
 * job's lease keeps two instances from running one connection at once. Logs only runs that did something.
 */
export function noticesIntervalSeconds(env: Record<string, string | undefined> = process.env): number {
  const raw = env.NOTICES_INTERVAL_SECONDS?.trim();
  if (!raw) return 60;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`NOTICES_INTERVAL_SECONDS must be a number of seconds (0 turns the notices job off), not "${raw}"`);
  return seconds;
}

export function summaryOf(result: NoticeRunResult): string {
  if (result.status !== "completed") return result.status;
  const parts = Object.entries({ queued: result.queued, sent: result.sent, retrying: result.retrying, failed: result.failed, dropped: result.dropped, interrupted: result.interrupted }).filter(([, n]) => n > 0);
  return parts.map(([name, n]) => `${n} ${name}`).join(", ") + (result.problem ? ` (school: ${result.problem.code})` : "");
}

/**
 * A start-up warning when mail goes out (a mail server for some school) but `DASHBOARD_URL` is unset:
 * the links in the e-mails (unsubscribe, the family page) would point at this server's loopback name.
 */
export function mailLinkWarning(env: Record<string, string | undefined> = process.env, connectionIds: string[] = []): string | null {
  if (env.DASHBOARD_URL?.trim()) return null;
  const mailed = connectionIds.some((id) => mailConfigFor(id, env) !== null) || Boolean(env.SMTP_URL?.trim());
  if (!mailed) return null;
  return `mail is configured but DASHBOARD_URL is not: the links in e-mails to families point at ${publicBaseUrl(env)}, which a family cannot open. Set DASHBOARD_URL to the dashboard's public address (README "Messages to families").`;
}

export function startNoticesScheduler(options: { ready?: Promise<unknown>; env?: Record<string, string | undefined> } = {}): SyncScheduler {
  const warning = mailLinkWarning(options.env, connectionIdsOrNone(options.env));
  if (warning) console.warn(`[notices] ${warning}`);
  const log = (message: string) => {
    if (!message.endsWith(": ")) console.info(`[notices] ${message}`);
  };
  return startSyncScheduler<NoticeRunResult>({
    intervalMinutes: noticesIntervalSeconds(options.env) / 60,
    initialDelayMs: 40_000,
    ready: options.ready,
    log,
    run: async (connectionId) => (await import("./trigger")).runSerialized(connectionId),
    summary: summaryOf,
  });
}

/** The configured connections' ids; none when the connections file cannot be read (its own error surfaces on the first request). */
function connectionIdsOrNone(env: Record<string, string | undefined> = process.env): string[] {
  try {
    return loadConnections(env).map((c) => c.id);
  } catch {
    return [];
  }
}
