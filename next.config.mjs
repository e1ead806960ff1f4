import { PHASE_PRODUCTION_SERVER } from "next/constants.js";

/**
 * JavaScript, not TypeScript: `next start` reads this file too, and for a `next.config.ts` Next.js
 * loads its SWC compiler (a native module of about 100 MB, 26–34 MB of it resident, and two threads)
 * into every production server just to read it (docs/scale.md, "Memory"). What only the build and
 * `next dev` need is TypeScript of the project, imported through tsx then; a production server gets
 * its headers from the build's routes manifest, not from here.
 *
 * @param {string} phase
 * @returns {Promise<import("next").NextConfig>}
 */
/** Every API route but the unsubscribe link's page, which is HTML with a style of its own (its CSP allows it). */
export const API_HEADERS_SOURCE = "/api/:path((?!notices/unsubscribe$).*)";

export default async function nextConfig(phase) {
  /** @type {import("next").NextConfig} */
  const config = {
    serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit"],
    poweredByHeader: false,
    typedRoutes: false,
    // `next dev` opened at 127.0.0.1 (as the tests do) keeps its live-reload connection.
    allowedDevOrigins: ["127.0.0.1"],
  };
  if (phase === PHASE_PRODUCTION_SERVER) return config;

  const { tsImport } = await import("tsx/esm/api");
  const load = (/** @type {string} */ file) => tsImport(file, import.meta.url);
  const [{ addCompileHints }, { writeLocaleIndex }, { apiSecurityHeaders }] = await Promise.all([
    load("./lib/build/compile-hints.ts"),
    load("./lib/i18n/locale-folders.ts"),
    load("./lib/security/headers.ts"),
  ]);

  // The languages are the folders of messages/: a new folder is in the next build with no code change.
  writeLocaleIndex(process.cwd());

  return {
    ...config,
    // `npm test` has checked the types (tsc, its typecheck step) before it builds, and says so with
    // NEXT_TYPES_CHECKED=1; any other build checks them itself.
    typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED === "1" },
    // Browser chunks are compiled while they download, off the main thread (docs/scale.md, "Compiled while downloading").
    compiler: {
      runAfterProductionCompile: async ({ distDir }) => {
        addCompileHints(distDir);
      },
    },
    // Pages get theirs from proxy.ts (with a per-request CSP nonce); JSON and files get these. The
    // unsubscribe link's small page (app/api/notices/unsubscribe) sets its own, with its one style.
    async headers() {
      const api = Object.entries(apiSecurityHeaders()).map(([key, value]) => ({ key, value }));
      return [
        { source: API_HEADERS_SOURCE, headers: api },
        { source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
      ];
    },
  };
}
