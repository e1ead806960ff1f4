import { createHmac, timingSafeEqual } from "node:crypto";
import { isLocale, type Locale } from "@/lib/i18n/core";
import { NOTICE_KINDS, type NoticeKind } from "@/lib/db/schema-notices";

/**
 * The signed one-click unsubscribe link (RFC 8058): who (a user id), which kind, in which language
 * the page answers, signed with a key derived from AUTH_SECRET. It works without signing in, says
 * nothing readable about the person, and does not expire (an old e-mail's link keeps working).
 */
export type UnsubscribeClaim = { userId: string; kind: NoticeKind; locale: Locale };

const keyOf = (secret: string) => createHmac("sha256", secret).update("notices:unsubscribe:v1").digest();

export function signUnsubscribe(claim: UnsubscribeClaim, secret: string): string {
  const payload = Buffer.from(JSON.stringify([claim.userId, claim.kind, claim.locale])).toString("base64url");
  const mac = createHmac("sha256", keyOf(secret)).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

export function verifyUnsubscribe(token: string, secret: string): UnsubscribeClaim | null {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined || token.length > 600) return null;
  // Compared as the text it was sent as: base64url decoding forgives padding, "+" and "/" and the
  // last character's spare bits, so comparing decoded bytes took several spellings of one signature.
  const expected = Buffer.from(createHmac("sha256", keyOf(secret)).update(payload).digest("base64url"));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [userId, kind, locale] = value as unknown[];
    if (typeof userId !== "string" || !NOTICE_KINDS.includes(kind as NoticeKind) || !isLocale(locale)) return null;
    return { userId, kind: kind as NoticeKind, locale };
  } catch {
    return null;
  }
}

/** The public address of the dashboard, for links in e-mails: `DASHBOARD_URL`, else this server on loopback. */
export function publicBaseUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env.DASHBOARD_URL?.trim();
  return (configured || `http://localhost:${env.PORT?.trim() || "3000"}`).replace(/\/+$/, "");
}

export const unsubscribeUrl = (token: string, env?: Record<string, string | undefined>) =>
  `${publicBaseUrl(env)}/api/notices/unsubscribe?token=${encodeURIComponent(token)}`;
