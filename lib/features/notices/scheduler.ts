import "server-only";
import { startSyncScheduler, type SyncScheduler } from "@/lib/features/plans/sync/scheduler";
import { loadConnections } from "@/lib/connections";
import { FALLBACK_SENDER, mailConfigFor } from "@/lib/mail/config";
import type { NoticeRunResult } from "./job";
import { publicBaseUrl } from "./unsubscribe-token";
import { logger } from "@/lib/ops/log";

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
 * Start-up warnings when mail goes out (a mail server for some school) with settings a family's
 * mail cannot live with: no `DASHBOARD_URL`, so the links in the e-mails (unsubscribe, the family
 * page) point at this server's loopback name; no sender, so mail leaves as no-reply@localhost,
 * which many mail servers refuse or file as spam.
 */
export function mailWarnings(env: Record<string, string | undefined> = process.env, connectionIds: string[] = []): string[] {
  const mailed = connectionIds.map((id) => mailConfigFor(id, env)).filter((config) => config !== null);
  // No ids (the connections file could not be read): SMTP_URL and MAIL_FROM alone say it.
  if (connectionIds.length === 0 && env.SMTP_URL?.trim()) mailed.push({ url: env.SMTP_URL, from: env.MAIL_FROM?.trim() || `<${FALLBACK_SENDER}>` });
  if (mailed.length === 0) return [];
  const warnings: string[] = [];
  if (!env.DASHBOARD_URL?.trim()) {
    warnings.push(`mail is configured but DASHBOARD_URL is not: the links in e-mails to families point at ${publicBaseUrl(env)}, which a family cannot open. Set DASHBOARD_URL to the dashboard's public address (README "Messages to families").`);
  }
  if (mailed.some((config) => config.from.includes(`<${FALLBACK_SENDER}>`))) {
    warnings.push(`mail is configured but MAIL_FROM is not: e-mails to families are sent from ${FALLBACK_SENDER}, which many mail servers refuse or file as spam. Set MAIL_FROM (or a connection's mail_from) to the school's address (README "Messages to families").`);
  }
  return warnings;
}

export function startNoticesScheduler(options: { ready?: Promise<unknown>; env?: Record<string, string | undefined> } = {}): SyncScheduler {
  for (const warning of mailWarnings(options.env, connectionIdsOrNone(options.env))) logger().warn({ kind: "notices" }, warning);
  const log = (message: string) => {
    if (!message.endsWith(": ")) logger().info({ kind: "notices" }, message);
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
