import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * V8's explicit compile hint (Chrome and Android's WebView 136+; other engines read a comment). A
 * script that starts with it has every function compiled as it is downloaded, on a background
 * thread, instead of on the page's main thread the first time the function runs.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks every script chunk the browser loads (`<distDir>/static/chunks/**.js`) with `COMPILE_HINT`,
 * once. Each chunk holds module factories that run as soon as the page (or the part that asked for it)
 * loads; left lazy, V8 compiled each factory on the main thread when it first ran: on a slow tablet,
 * most of a page's script time before it answers a tap (docs/scale.md, "Compiled while downloading").
 * Node only: next.config.mjs runs it after each production compile. Returns the files it changed.
 */
export function addCompileHints(distDir: string): string[] {
  const chunks = path.join(distDir, "static", "chunks");
  const changed: string[] = [];
  for (const entry of readdirSync(chunks, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed.push(file);
  }
  return changed;
}
