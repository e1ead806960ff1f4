import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The embedded School API (school-api/) is a package of its own: from outside it, only its entry
// files are imported. The dashboard: `school-api` (index.ts) and `school-api/seed-facts`; the
// operator's scripts, tests, bench, conformance and e2e also `school-api/operations`. Its test support,
// tests/support/school-api/ (the API over HTTP, its store opened by hand), is the package's own and
// reaches inside it; other tests import that.
const SCHOOL_API_ENTRIES = ["", "/seed-facts"];
const SCHOOL_API_OPERATIONS = [...SCHOOL_API_ENTRIES, "/operations"];
const SCHOOL_API_OWN = ["school-api/**", "tests/support/school-api/**"];

const schoolApiFace = {
  meta: { type: "problem", schema: [{ type: "string", enum: ["dashboard", "operations"] }] },
  create(context) {
    const allowed = { dashboard: SCHOOL_API_ENTRIES, operations: SCHOOL_API_OPERATIONS }[
      context.options[0] ?? "dashboard"
    ];
    const check = (source) => {
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const match = /^(?:@\/|(?:\.\.\/)+|\.\/)school-api(\/.*)?$/.exec(source.value);
      if (!match) return;
      const rest = match[1] ?? "";
      if (allowed.includes(rest)) return;
      context.report({
        node: source,
        message: `Import the School API through its entry files (${allowed.map((entry) => `school-api${entry}`).join(", ")}), not "${source.value}".`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
    };
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "school-api/db/migrations/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
    },
  },
  {
    plugins: { house: { rules: { "school-api-face": schoolApiFace } } },
    ignores: SCHOOL_API_OWN,
    rules: { "house/school-api-face": ["error", "dashboard"] },
  },
  {
    files: [
      "scripts/school-api.ts",
      "scripts/large-school.ts",
      "**/*.test.ts",
      "**/*.test.tsx",
      "tests/**",
      "conformance/**",
      "e2e/**",
      "scripts/bench/**",
    ],
    ignores: SCHOOL_API_OWN,
    rules: { "house/school-api-face": ["error", "operations"] },
  },
  {
    // A failure is read by its code (`failureOf`, `isFailure` in lib/v1/failures.ts): `V1Error`
    // exists once per bundle layer, so `instanceof` misses an error thrown by a client made in another.
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/v1/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='V1Error']",
          message: "Recognise a failure by its code (failureOf / isFailure from @/lib/v1), never by class identity.",
        },
      ],
    },
  },
];

export default config;
