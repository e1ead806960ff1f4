import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit";
import type { DashboardDb } from "@/lib/db/client";
import { noticePreferences, users } from "@/lib/db/schema";
import { directionOf, translator } from "@/lib/i18n/core";
import { escapeHtml } from "./render";
import type { UnsubscribeClaim } from "./unsubscribe-token";

/** Turns the kind off for the person the signed link names. Idempotent; an unknown person changes nothing. */
export async function unsubscribe(db: DashboardDb, claim: UnsubscribeClaim): Promise<Unsubscriber | null> {
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
  return { email: user.email, connectionId: user.connectionId };
}

/** The person the signed link names (their e-mail and school's connection), or null when there is no such person. */
export async function unsubscriberOf(db: DashboardDb, claim: UnsubscribeClaim): Promise<Unsubscriber | null> {
  const [user] = await db
    .select({ email: users.email, connectionId: users.connectionId })
    .from(users)
    .where(eq(users.id, claim.userId))
    .limit(1);
  return user ?? null;
}

export type Unsubscriber = { email: string; connectionId: string };

/**
 * The page's look, in the app's colours and a system font (the page is served by an API route,
 * outside the app's layout and its fonts). Its CSP allows this one style by its hash, nothing else.
 */
const STYLE = [
  ":root{color-scheme:light dark;--bg:oklch(0.985 0.005 165);--fg:oklch(0.21 0.02 200);--card:oklch(1 0 0);--muted:oklch(0.45 0.02 200);--border:oklch(0.88 0.015 170);--primary:oklch(0.45 0.09 170);--on-primary:oklch(0.99 0 0)}",
  "@media (prefers-color-scheme:dark){:root{--bg:oklch(0.17 0.015 200);--fg:oklch(0.96 0.005 170);--card:oklch(0.21 0.017 200);--muted:oklch(0.76 0.015 200);--border:oklch(0.33 0.02 200);--primary:oklch(0.75 0.11 170);--on-primary:oklch(0.18 0.02 200)}}",
  "body{margin:0;min-height:100dvh;background:var(--bg);color:var(--fg);font:16px/1.6 ui-sans-serif,system-ui,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic','Noto Nastaliq Urdu',sans-serif}",
  "main{box-sizing:border-box;max-width:28rem;margin:0 auto;padding:2.5rem 1.5rem}",
  ".card{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem}",
  ".school{margin:0 0 .25rem;color:var(--muted);font-size:.95rem}",
  "h1{margin:0 0 1rem;font-size:1.4rem;line-height:1.3}",
  "p{margin:0 0 1rem}",
  "button{min-height:44px;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:var(--primary);color:var(--on-primary);font:inherit;font-weight:600;cursor:pointer}",
  "button:focus-visible{outline:3px solid var(--fg);outline-offset:2px}",
].join("");
/** The page's Content-Security-Policy: its own style, a form posted back here, nothing loaded. */
export const UNSUBSCRIBE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/**
 * The small page of the link, in the language the message was written in and under the school's
 * name: a confirmation form (a link opened by a mail scanner changes nothing), then "done".
 */
export function unsubscribePage(
  claim: UnsubscribeClaim | null,
  state: { email: string; done: boolean; school: string } | null,
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
  const school = state ? `<p class="school"><bdi>${escapeHtml(state.school)}</bdi></p>` : "";
  return [
    "<!doctype html>",
    `<html lang="${locale}" dir="${directionOf(locale)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t("notices.unsubscribe.title"))}</title><style>${STYLE}</style></head>`,
    `<body><main><div class="card">${school}<h1>${escapeHtml(t("notices.unsubscribe.title"))}</h1>`,
    body,
    "</div></main></body></html>",
  ].join("\n");
}
