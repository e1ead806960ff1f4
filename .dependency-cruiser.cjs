/**
 * The import graph's rules: the layer order of README "Architecture" (`npm test` runs
 * `depcruise --config .dependency-cruiser.cjs app components lib i18n`, scripts/test.mjs). From the top:
 *
 *   app/ → components/ → lib/features/ → the dashboard's services (lib/v1, lib/connections,
 *   lib/auth, lib/authz, lib/db, lib/i18n, lib/jobs, lib/web, …) → lib/contract, lib/quran
 *
 * An arrow points the way imports may go, never back. The start of the server
 * (lib/ops/server-start.ts) and the list of jobs it starts (lib/jobs/jobs.ts) sit above the
 * features, which they run. The embedded School API (school-api/, a package of its own) is a server
 * of its own: it shares only the contract and the small helpers.
 * Tests and their support (tests/support/: the fakes and fixtures they share, mirroring lib/ and
 * school-api/) may reach across (they start what they test); what runs never imports them. Circles are
 * refused everywhere.
 */
const TESTS = "(\\.test\\.tsx?$|^tests/)";
const START = "^lib/(ops/server-start|jobs/jobs)\\.ts$";
const EMBEDDED = "^school-api/";
/** What runs: the routes, components, lib/, i18n/, the embedded server and the root entry files. */
const PRODUCTION = "^(app|components|lib|i18n|school-api)/|^(proxy|instrumentation)\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A module never imports itself through others: split out what both need.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-tests-in-production",
      comment:
        "The test support (tests/) is for tests: code that runs never imports it; a test file beside the code may.",
      severity: "error",
      from: { path: PRODUCTION, pathNot: TESTS },
      to: { path: "^tests/" },
    },
    {
      name: "no-lib-into-ui",
      comment: "lib/ (and i18n/) serve the pages; they never import a route or a component.",
      severity: "error",
      from: { path: "^(lib|i18n)/|^school-api/", pathNot: TESTS },
      to: { path: "^(app|components)/" },
    },
    {
      name: "no-component-into-app",
      comment: "Components are used by routes, never the other way.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "no-lib-into-root",
      comment: "A root file (proxy.ts, instrumentation.ts, next.config.mjs) is an entry point; lib/ never imports one.",
      severity: "error",
      from: { path: "^(lib|i18n|components|app)/|^school-api/" },
      to: { path: "^[^/]+\\.(ts|tsx|mjs|cjs)$" },
    },
    {
      name: "services-below-features",
      comment:
        "Below lib/features/ nothing imports a feature; what a service needs of one moves down (README Architecture).",
      severity: "error",
      from: { path: "^(lib|i18n)/|^school-api/", pathNot: `^lib/features/|${START}|${TESTS}` },
      to: { path: "^lib/features/" },
    },
    {
      name: "plans-before-progress",
      comment: "The progress pages read the plans (their mirror, their progress); plans never read progress.",
      severity: "error",
      from: { path: "^lib/features/plans/" },
      to: { path: "^lib/features/progress/" },
    },
    {
      name: "jobs-start-with-the-server",
      comment: "The list of jobs (lib/jobs/jobs.ts) is started by the server's start only.",
      severity: "error",
      from: { pathNot: `^lib/ops/server-start\\.ts$|${TESTS}` },
      to: { path: "^lib/jobs/jobs\\.ts$" },
    },
    {
      name: "contract-at-the-base",
      comment:
        "The v1 contract is shared by the client, the embedded server and the OpenAPI document: it needs only itself and the Quran's facts.",
      severity: "error",
      from: { path: "^lib/contract/" },
      to: { path: "^(lib|app|components|i18n)/|^school-api/", pathNot: "^lib/(contract|quran)/" },
    },
    {
      name: "client-below-presentation",
      comment:
        "The v1 client and its failure model know message keys (lib/i18n/types.ts), not the translator, pages, sign-in or features.",
      severity: "error",
      from: { path: "^lib/v1/", pathNot: TESTS },
      to: {
        path: "^(lib/(i18n|web|auth|authz|failures|features|actions|jobs|preferences)|i18n)/",
        pathNot: "^lib/i18n/types\\.ts$",
      },
    },
    {
      name: "embedded-server-apart",
      comment:
        "The embedded School API answers over HTTP like any school: it never imports the dashboard's client, store, sign-in or features.",
      severity: "error",
      from: { path: EMBEDDED, pathNot: TESTS },
      to: {
        path: "^(lib/(features|actions|auth|authz|connections|db|v1|web|i18n|jobs|failures|preferences|mail|audit|offline)|app|components|i18n)/",
      },
    },
    {
      name: "ui-not-store-schema",
      comment: "Pages and components take their types and lists from the feature modules, not from the store's tables.",
      severity: "error",
      from: { path: "^(app|components)/" },
      to: { path: "^lib/db/schema" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    cache: false,
  },
};
