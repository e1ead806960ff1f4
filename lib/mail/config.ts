import "server-only";
import { loadConnections } from "@/lib/connections";

/**
 * Where a connection's mail goes: its own `smtp_url`/`mail_from` in the connections file, else
 * `SMTP_URL`/`MAIL_FROM`. Null: no mail server, so messages are composed and kept, never sent.
 */
export type MailConfig = { url: string; from: string };

/** The sender's address when neither the connection nor MAIL_FROM names one (a start-up warning says so). */
export const FALLBACK_SENDER = "no-reply@localhost";

export function mailConfigFor(
  connectionId: string,
  env: Record<string, string | undefined> = process.env,
): MailConfig | null {
  const connection = loadConnections(env).find((c) => c.id === connectionId);
  const url = connection?.smtpUrl ?? env.SMTP_URL?.trim();
  if (!url) return null;
  const from =
    connection?.mailFrom ?? env.MAIL_FROM?.trim() ?? `"${connection?.label ?? "School"}" <${FALLBACK_SENDER}>`;
  return { url, from };
}
