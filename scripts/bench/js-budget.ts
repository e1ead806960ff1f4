/**
 * Issue 31: each page's JavaScript as the build made it, a figure that does not depend on the
 * machine's load. A page's first-load script is the framework's (the build manifest's
 * `rootMainFiles`) plus every chunk its client-reference manifest names for its layouts, page and
 * boundaries (`entryJSFiles`): what the HTML loads before the page is interactive. Chunks loaded
 * later (`next/dynamic`, `import()`) are not counted: that is the point of loading them later.
 * Measured as gzip at zlib's default level (as the attendance bench weighs the live page).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { ROOT } from "./server";

/**
 * The pages of issue 31, by their folder under app/, with their budget in KiB of gzip: the framework
 * (~130 KiB) and what each page needs at once, plus a few KiB of room (docs/scale.md, "What each page ships").
 */
export const JS_BUDGETS = [
  { page: "/login", route: "(auth)/login", kib: 155 },
  { page: "/today", route: "(staff)/today", kib: 165 },
  { page: "/sessions/[id]/live", route: "(staff)/sessions/[id]/live", kib: 187 },
  { page: "/family", route: "(family)/family", kib: 155 },
] as const;

export type RouteJs = {
  page: string;
  route: string;
  kib: number;
  budget: number;
  chunks: { file: string; kib: number }[];
};

const NEXT = path.join(ROOT, ".next");

function clientManifest(route: string): { entryJSFiles: Record<string, string[]> } {
  const file = path.join(NEXT, "server", "app", route, "page_client-reference-manifest.js");
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[route]; read it without require's cache.
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } =
    {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox, { filename: file });
  const manifest = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`${file} names no client manifest`);
  return manifest;
}

const gzipKib = (file: string) => gzipSync(readFileSync(path.join(NEXT, file))).length / 1024;

/** The first-load script of one route of the current build, chunk by chunk (largest first). */
export function routeJs(route: string): { kib: number; chunks: { file: string; kib: number }[] } {
  const { rootMainFiles } = JSON.parse(readFileSync(path.join(NEXT, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const files = new Set(rootMainFiles);
  for (const chunks of Object.values(clientManifest(route).entryJSFiles)) for (const file of chunks) files.add(file);
  const chunks = [...files].map((file) => ({ file, kib: gzipKib(file) })).sort((a, b) => b.kib - a.kib);
  return { kib: chunks.reduce((sum, chunk) => sum + chunk.kib, 0), chunks };
}

export function jsBudgets(): RouteJs[] {
  return JS_BUDGETS.map(({ page, route, kib: budget }) => ({ page, route, budget, ...routeJs(route) }));
}
