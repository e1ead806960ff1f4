import type { NextConfig } from "next";
import { addCompileHints } from "./lib/build/compile-hints";
import { writeLocaleIndex } from "./lib/i18n/locale-folders";
import { apiSecurityHeaders } from "./lib/security/headers";

// The languages are the folders of messages/: a new folder is in the next build with no code change.
writeLocaleIndex(process.cwd());

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pdfkit"],
  poweredByHeader: false,
  // Browser chunks are compiled while they download, off the main thread (docs/scale.md, "Compiled while downloading").
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      addCompileHints(distDir);
    },
  },
  typedRoutes: false,
  // `next dev` opened at 127.0.0.1 (as the tests do) keeps its live-reload connection.
  allowedDevOrigins: ["127.0.0.1"],
  // Pages get theirs from proxy.ts (with a per-request CSP nonce); JSON and files get these.
  async headers() {
    const api = Object.entries(apiSecurityHeaders()).map(([key, value]) => ({ key, value }));
    return [
      { source: "/api/:path*", headers: api },
      { source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
    ];
  },
};

export default nextConfig;
