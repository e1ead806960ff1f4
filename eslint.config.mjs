import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "school-api/db/migrations/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
    },
  },
  {
    // A school-API failure is read by its code (`failureOf`, `isFailure` in lib/v1/failures.ts): the
    // error classes exist once per bundle layer, so `instanceof` misses a client made in another.
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "lib/v1/**", "lib/school-api/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "BinaryExpression[operator='instanceof'][right.name=/^(V1Error|V1ConfigError|InvalidApiKeyError|ForbiddenError|InsufficientScopeError|FeatureUnavailableError|SchoolSuspendedError|RolloutIneligibleError|NetworkDeniedError|WriteAccessDisabledError|WritePolicyDeniedError|BadRequestError|NotFoundError|ConflictError|ValidationError|RateLimitedError|ServerError|NetworkError|TimeoutError|ResponseShapeError|TenantMismatchError|SyncLeaseLostError)$/]",
          message: "Recognise a failure by its code (failureOf / isFailure from @/lib/v1), never by class identity.",
        },
      ],
    },
  },
];

export default config;
