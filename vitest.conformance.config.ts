/**
 * `npm run conformance`: the conformance suite against any School API v1, e.g.
 *   CONFORMANCE_BASE_URL=https://school.example/api/v1 CONFORMANCE_KEY_ADMIN=... npm run conformance
 * No server is started here; tests that need a key or the admin RPC that was not supplied skip.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

if (!process.env.CONFORMANCE_BASE_URL) {
  throw new Error(
    "Set CONFORMANCE_BASE_URL (e.g. http://127.0.0.1:3000/api/v1) and the CONFORMANCE_KEY_* you have " +
      "(ADMIN, READONLY, LEGACY, OTHER_SCHOOL, REVOKED, EXPIRED; optionally CONFORMANCE_ADMIN_URL and " +
      "CONFORMANCE_ADMIN_TOKEN). `npm test` runs the suite against the embedded API by itself.",
  );
}

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "tests/setup/empty.ts"),
    },
  },
  test: {
    name: "conformance-external",
    environment: "node",
    include: ["conformance/**/*.test.ts"],
    env: { CONFORMANCE_ENGINE: process.env.CONFORMANCE_ENGINE ?? "external" },
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
