import "server-only";
import { loadConnections } from "@/lib/connections";
import { FALLBACK_SENDER, mailConfigFor } from "@/lib/mail/config";
import type { NoticeRunResult } from "./job";
import { publicBaseUrl } from "./unsubscribe-token";

/** A notices run in one line of the log (the job's own, lib/jobs/jobs.ts; `scripts/dashboard.ts weekly`). */
export function summaryOf(result: NoticeRunResult): string {
  if (result.status !== "completed") return result.status;
  const parts = Object.entries({
    queued: result.queued,
    sent: result.sent,
    retrying: result.retrying,
    failed: result.failed,
    dropped: result.dropped,
    interrupted: result.interrupted,
  }).filter(([, n]) => n > 0);
  return (
    parts.map(([name, n]) => `${n} ${name}`).join(", ") + (result.problem ? ` (school: ${result.problem.code})` : "")
  );
}

/**
 * Start-up warnings when mail goes out (a mail server for some school) with settings a family's
 * mail cannot live with: no `DASHBOARD_URL`, so the links in the e-mails (unsubscribe, the family
 * page) point at this server's loopback name; no sender, so mail leaves as no-reply@localhost,
 * which many mail servers refuse or file as spam.
 */
export function mailWarnings(
  env: Record<string, string | undefined> = process.env,
  connectionIds: string[] = [],
): string[] {
  const mailed = connectionIds.map((id) => mailConfigFor(id, env)).filter((config) => config !== null);
  // No ids (the connections file could not be read): SMTP_URL and MAIL_FROM alone say it.
  if (connectionIds.length === 0 && env.SMTP_URL?.trim())
    mailed.push({ url: env.SMTP_URL, from: env.MAIL_FROM?.trim() || `<${FALLBACK_SENDER}>` });
  if (mailed.length === 0) return [];
  const warnings: string[] = [];
  if (!env.DASHBOARD_URL?.trim()) {
    warnings.push(
      `mail is configured but DASHBOARD_URL is not: the links in e-mails to families point at ${publicBaseUrl(env)}, which a family cannot open. Set DASHBOARD_URL to the dashboard's public address (README "Messages to families").`,
    );
  }
  if (mailed.some((config) => config.from.includes(`<${FALLBACK_SENDER}>`))) {
    warnings.push(
      `mail is configured but MAIL_FROM is not: e-mails to families are sent from ${FALLBACK_SENDER}, which many mail servers refuse or file as spam. Set MAIL_FROM (or a connection's mail_from) to the school's address (README "Messages to families").`,
    );
  }
  return warnings;
}

/** The start-up warnings of the configured connections (`mailWarnings`). */
export function startWarnings(env: Record<string, string | undefined> = process.env): string[] {
  return mailWarnings(env, connectionIdsOrNone(env));
}

/** The configured connections' ids; none when the connections file cannot be read (its own error surfaces on the first request). */
function connectionIdsOrNone(env: Record<string, string | undefined> = process.env): string[] {
  try {
    return loadConnections(env).map((c) => c.id);
  } catch {
    return [];
  }
}
