import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // `next dev` opened at 127.0.0.1 (as the tests do) keeps its live-reload connection.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
