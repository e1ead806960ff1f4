import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
const ignored = ["**/node_modules/**", "**/.next/**", "e2e/**", ".data/**"];

// Same check as postgresAvailable() in scripts/postgres.ts, inline because Vite's config loader
// warns about importing a .ts file without its extension (and tsconfig forbids the extension).
const postgresBinDir = process.env.POSTGRES_BIN_DIR ?? "/usr/lib/postgresql/15/bin";
const withPostgres = ["initdb", "pg_ctl", "postgres"].every((name) => existsSync(path.join(postgresBinDir, name)));

const conformance = {
  include: ["conformance/**/*.test.ts"],
  globalSetup: ["tests/setup/conformance-global.ts"],
  setupFiles: ["tests/setup/conformance-env.ts"],
  // Files share one server and some change school policy, so they take turns.
  fileParallelism: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Conformance files whose answers no store takes part in (the OpenAPI document, the surah table,
// error shapes before any record is read, the names of fields): run once, on PGlite. Every file
// that reads or writes records runs on PostgreSQL too, where a query can behave differently.
const sameOnEveryStore = [
  "conformance/openapi.test.ts",
  "conformance/surahs.test.ts",
  "conformance/errors.test.ts",
  "conformance/privacy.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      "server-only": path.join(root, "tests/setup/empty.ts"),
    },
  },
  test: {
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: [...ignored, "conformance/**", "tests/authz/**"],
          globalSetup: ["tests/setup/pglite-templates.ts"],
          setupFiles: ["vitest.setup.ts"],
          // A test that opens the dashboard's store without naming one gets its own, in memory, not
          // the developer's demo folder (.data/dashboard), which test files in parallel would share.
          env: { DASHBOARD_DATA_DIR: "memory://" },
        },
      },
      { extends: true, test: { name: "conformance-pglite", exclude: ignored, ...conformance } },
      {
        extends: true,
        test: {
          // Roles × actions × objects against a real embedded School API over HTTP (one server for the project).
          name: "authz",
          include: ["tests/authz/**/*.test.ts"],
          exclude: ignored,
          globalSetup: ["tests/setup/pglite-templates.ts", "tests/authz/global-setup.ts"],
          setupFiles: ["vitest.setup.ts", "tests/authz/next-outside-request.ts"],
          env: { DASHBOARD_DATA_DIR: "memory://" },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: { name: "conformance-postgres", ...conformance, exclude: [...ignored, ...sameOnEveryStore] },
            },
          ]
        : []),
    ],
  },
});
