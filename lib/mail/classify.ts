/**
 * Whether a failed hand-over to the SMTP server may succeed later. Temporary: the server could not
 * be reached or answered 4xx (greylisting, mailbox busy, "try again later"); permanent: 5xx or an
 * address that cannot receive. Read by code, never by message (a message may quote the address).
 */
export type SendFailure = { code: string; temporary: boolean };

const TEMPORARY_CODES = new Set([
  "ECONNECTION",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "EAUTH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETLS",
  "EPROTOCOL",
]);

export function classifySendError(error: unknown): SendFailure {
  const fields = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const responseCode = typeof fields.responseCode === "number" ? fields.responseCode : null;
  const code = typeof fields.code === "string" ? fields.code : "EUNKNOWN";
  if (responseCode !== null && responseCode >= 400 && responseCode < 600)
    return { code: `smtp_${responseCode}`, temporary: responseCode < 500 };
  if (code === "EENVELOPE" || code === "EMESSAGE")
    return { code: code === "EENVELOPE" ? "invalid_address" : "invalid_message", temporary: false };
  return { code: code.toLowerCase(), temporary: TEMPORARY_CODES.has(code) || code === "EUNKNOWN" };
}
