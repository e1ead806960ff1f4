import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { classifySendError, type SendFailure } from "./classify";
import type { MailConfig } from "./config";

/** One message as it leaves: both bodies, the unsubscribe link (RFC 8058) and a Message-ID fixed by the outbox row. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`, derived from the notice's idempotency key: a receiving server can drop a duplicate. */
  messageId: string;
  unsubscribeUrl: string;
  language: string;
};

export type SendResult = { ok: true; messageId: string } | ({ ok: false } & SendFailure);

const transports = new Map<string, Transporter>();

/** `smtp://` upgrades with STARTTLS when the server offers it; `smtps://` is TLS from the start (465). */
function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // A pool: a school's week of summaries goes over a few kept connections, not one per message.
    // The timeouts bound a server that accepts the connection and then hangs.
    transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 2,
      maxMessages: 200,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

export async function sendMail(config: MailConfig, mail: OutgoingMail): Promise<SendResult> {
  try {
    const info = await transportFor(config.url).sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: {
        // Messages to staff have no unsubscribe (admins turn them off for the school).
        ...(mail.unsubscribeUrl
          ? { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
          : {}),
        "Content-Language": mail.language,
        "Auto-Submitted": "auto-generated",
      },
    });
    return { ok: true, messageId: typeof info.messageId === "string" ? info.messageId : mail.messageId };
  } catch (error) {
    return { ok: false, ...classifySendError(error) };
  }
}
