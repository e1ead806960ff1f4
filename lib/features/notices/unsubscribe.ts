import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit";
import type { DashboardDb } from "@/lib/db/client";
import { noticePreferences, users } from "@/lib/db/schema";
import { directionOf, translator } from "@/lib/i18n/core";
import { escapeHtml } from "./render";
import type { UnsubscribeClaim } from "./unsubscribe-token";

/** Turns the kind off for the person the signed link names. Idempotent; an unknown person changes nothing. */
export async function unsubscribe(db: DashboardDb, claim: UnsubscribeClaim): Promise<{ email: string } | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, connectionId: users.connectionId })
    .from(users)
    .where(eq(users.id, claim.userId))
    .limit(1);
  if (!user) return null;
  await db
    .insert(noticePreferences)
    .values({ userId: user.id, kind: claim.kind, enabled: false })
    .onConflictDoUpdate({
      target: [noticePreferences.userId, noticePreferences.kind],
      set: { enabled: false, updatedAt: new Date() },
    });
  await recordAudit(user, {
    action: "notices.unsubscribe",
    result: "ok",
    targetType: "user",
    targetId: user.id,
    details: { kind: claim.kind },
  });
  return { email: user.email };
}

/** The e-mail address of the person the signed link names, or null when there is no such person. */
export async function unsubscriberEmail(db: DashboardDb, claim: UnsubscribeClaim): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, claim.userId)).limit(1);
  return user?.email ?? null;
}

/** The small page of the link: a confirmation form (a link opened by a mail scanner changes nothing), then "done". */
export function unsubscribePage(
  claim: UnsubscribeClaim | null,
  state: { email: string; done: boolean } | null,
  action: string,
): string {
  const locale = claim?.locale ?? "en";
  const t = translator(locale);
  const kind = claim ? t(claim.kind === "absence" ? "notices.unsubscribe.absence" : "notices.unsubscribe.weekly") : "";
  let body: string;
  if (!claim || !state) body = `<p>${escapeHtml(t("notices.unsubscribe.invalid"))}</p>`;
  else if (state.done)
    body = `<p role="status">${escapeHtml(t("notices.unsubscribe.done", { kind, email: state.email }))}</p>`;
  else
    body = [
      `<p>${escapeHtml(t("notices.unsubscribe.confirm", { kind, email: state.email }))}</p>`,
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t("notices.unsubscribe.button"))}</button></form>`,
    ].join("\n");
  return [
    "<!doctype html>",
    `<html lang="${locale}" dir="${directionOf(locale)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t("notices.unsubscribe.title"))}</title></head>`,
    `<body><main><h1>${escapeHtml(t("notices.unsubscribe.title"))}</h1>`,
    body,
    "</main></body></html>",
  ].join("\n");
}
