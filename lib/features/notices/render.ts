import { directionOf, type Locale } from "@/lib/i18n/core";

/**
 * One message, as blocks of plain text, rendered twice: as the plain-text part and as the HTML part.
 * Every piece of text is escaped here, so a name or a halqa written with markup arrives as text.
 */
export type Block =
  | { kind: "p"; text: string }
  | { kind: "h"; text: string }
  | { kind: "list"; items: string[] }
  /** A paragraph that is a link: its words, then the address in the plain-text part. */
  | { kind: "link"; text: string; url: string };
export type Composed = { subject: string; text: string; html: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function render(
  locale: Locale,
  subject: string,
  blocks: readonly Block[],
  footer: { text: string; unsubscribeLabel: string; unsubscribeUrl: string },
): Composed {
  const dir = directionOf(locale);
  const textParts = blocks.map((block) =>
    block.kind === "list"
      ? block.items.map((item) => `- ${item}`).join("\n")
      : block.kind === "h"
        ? `${block.text}\n${"-".repeat(Math.min(block.text.length, 40))}`
        : block.kind === "link"
          ? `${block.text}: ${block.url}`
          : block.text,
  );
  const text =
    [...textParts, "--", footer.text, `${footer.unsubscribeLabel}: ${footer.unsubscribeUrl}`].join("\n\n") + "\n";
  const align = dir === "rtl" ? "right" : "left";
  const htmlParts = blocks.map((block) => {
    if (block.kind === "h") return `<h2 style="font-size:17px;margin:20px 0 8px">${escapeHtml(block.text)}</h2>`;
    if (block.kind === "list")
      return `<ul style="padding-inline-start:20px;margin:0 0 12px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
    if (block.kind === "link")
      return `<p style="margin:0 0 12px"><a href="${escapeHtml(block.url)}">${escapeHtml(block.text)}</a></p>`;
    return `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>`;
  });
  const html = [
    "<!doctype html>",
    `<html lang="${locale}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="font-family:Arial,'Noto Sans Arabic',sans-serif;font-size:15px;line-height:1.6;color:#1f2937;text-align:${align};margin:0;padding:24px">`,
    `<div style="max-width:600px">`,
    ...htmlParts,
    `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">`,
    `<p style="font-size:13px;color:#6b7280;margin:0 0 8px">${escapeHtml(footer.text)}</p>`,
    `<p style="font-size:13px;margin:0"><a href="${escapeHtml(footer.unsubscribeUrl)}">${escapeHtml(footer.unsubscribeLabel)}</a></p>`,
    "</div></body></html>",
  ].join("\n");
  return { subject, text, html };
}
