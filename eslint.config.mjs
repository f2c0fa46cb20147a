import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read settings from lib/config (env.ts on the server, public-env.ts in the browser).",
        },
      ],
    },
  },
  {
    files: ["lib/config/**", "next.config.ts", "instrumentation.ts", "playwright.config.ts", "vitest.config.mts", "scripts/**", "e2e/**", "test/**", "drizzle.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Test scaffolding (test/support) never reaches the production build: only tests import it.
    files: ["app/**", "components/**", "lib/**", "middleware.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/test/|(^|/)test/support(/|$)",
              message: "test/support is for tests only; the shop's code must not import it.",
            },
          ],
        },
      ],
    },
  },
  {
    // A suite skipped on a condition says why, so the run's summary can list it (describeIf in
    // test/support/requirements.ts); Vitest's own conditional skips record no reason.
    files: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-properties": [
        "error",
        ...["describe", "it", "test"].flatMap((object) =>
          ["skipIf", "runIf"].map((property) => ({
            object,
            property,
            message: "Use describeIf from test/support/requirements.ts: it records why the suite is skipped.",
          })),
        ),
      ],
    },
  },
  {
    // The one img of the shop (components/ui/image.tsx explains why not next/image).
    files: ["components/ui/image.tsx"],
    rules: { "@next/next/no-img-element": "off" },
  },
  globalIgnores([".next/**", "node_modules/**", "next-env.d.ts", ".data/**", "test-results/**", "playwright-report/**"]),
]);
