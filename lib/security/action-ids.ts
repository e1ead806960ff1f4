import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The server actions this build has, from its own manifest. Next.js answers an unknown `Next-Action`
 * id itself, but logs it with a stack trace as if the server had failed; the proxy answers it first,
 * the way Next.js does (the header tells the browser's router to reload), without the log line.
 * Unknown when the manifest cannot be read (the development server rebuilds it): Next.js decides.
 */
let known: Set<string> | null | undefined;

function knownActionIds(): Set<string> | null {
  if (known !== undefined) return known;
  if (process.env.NODE_ENV !== "production") return (known = null);
  try {
    const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { node?: object; edge?: object };
    known = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
  } catch {
    known = null;
  }
  return known;
}

/** The answer for a `Next-Action` id this build does not have, or null to let Next.js run the action. */
export function unknownActionAnswer(method: string, headers: Headers): Response | null {
  const id = method === "POST" ? headers.get("next-action") : null;
  if (id === null) return null;
  const ids = knownActionIds();
  if (ids === null || ids.has(id)) return null;
  // Next.js's own statuses: 400 for what cannot be an id, 409 for one of another build.
  const status = id.length === 42 ? 409 : 400;
  const body = status === 400 ? "Invalid Server Action request." : "Server Action unavailable.";
  return new Response(body, { status, headers: { "content-type": "text/plain", "x-nextjs-action-not-found": "1" } });
}
