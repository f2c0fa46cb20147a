import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layering (README "Layout"), kept by the linter rather than by review:
// only lib/server and lib/db reach the database, browser code never imports the server, the shared
// UI kit imports no feature, and the server sends e-mail and opens transactions one way each.

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

const noDatabase = {
  group: ["drizzle-orm", "drizzle-orm/*", "@/lib/db", "@/lib/db/*", "**/lib/db/*"],
  message: "Only lib/server/<domain> and lib/db talk to the database; call a service instead.",
};
const noServer = {
  group: ["@/lib/server", "@/lib/server/*", "**/lib/server/*"],
  message: "Browser code never imports server modules; ask the API (lib/api) or take the value as a prop.",
};
const noBrowserClient = {
  group: ["@/lib/api", "@/lib/api/*"],
  message: "lib/api is the browser's client; shared shapes live in lib/schemas.",
};
const noTestSupport = {
  regex: "^@/test/|(^|/)test/support(/|$)",
  message: "Test scaffolding stays in tests: the production build must never reach test/support.",
};
const noFeatureComponents = {
  group: ["@/components/*", "!@/components/ui", "!@/components/ui/*"],
  message: "components/ui is the shared kit: it imports no feature folder (move what both need into ui).",
};
const noPaymentsCallingUp = {
  group: ["@/lib/server/orders", "@/lib/server/orders/*", "@/lib/server/memberships", "@/lib/server/memberships/*"],
  message: "Payments report what happened to the money; the orders service applies it. Imports go orders → payments only, never back.",
};
const sendMailDirectly = {
  name: "@/lib/server/mail/transport",
  importNames: ["sendMail"],
  message: "Queue e-mail with queueMail (lib/server/mail/outbox), in the transaction of what it announces.",
};

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read settings from lib/config (env.ts on the server, public-env.ts in the browser).",
};
const noBare429 = {
  selector: "NewExpression[callee.name='AppError'][arguments.0.value=429]",
  message: "Answer 429 with AppError.tooManyRequests, which always sends Retry-After.",
};
const noBareTransaction = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: "Open transactions with inTransaction (lib/server/transaction), so what follows the commit runs after it.",
};

/** One block per layer; a file is in at most one, since a later block's options replace an earlier one's. */
function layer(files, patterns, paths = [], ignores = []) {
  return { files, ignores: [...TESTS, ...ignores], rules: { "no-restricted-imports": ["error", { patterns, paths }] } };
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": ["error", noProcessEnv, noBare429],
    },
  },
  {
    // Promises handled everywhere: a floating one loses its error, a misused one its await.
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.mts", "*.mjs"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  layer(["components/ui/**"], [noDatabase, noServer, noTestSupport, noFeatureComponents]),
  layer(["components/**"], [noDatabase, noServer, noTestSupport], [], ["components/ui/**"]),
  layer(["lib/api/**", "lib/state/**", "lib/hooks/**", "lib/*.ts", "lib/*.tsx", "middleware.ts"], [noDatabase, noServer, noTestSupport]),
  layer(["lib/config/**", "lib/schemas/**", "lib/geo/**"], [noDatabase, noServer, noBrowserClient, noTestSupport]),
  layer(["app/**"], [noDatabase, noTestSupport]),
  layer(["lib/server/**"], [noBrowserClient, noTestSupport], [sendMailDirectly], ["lib/server/mail/**", "lib/server/payments/**"]),
  layer(["lib/server/payments/**"], [noBrowserClient, noTestSupport, noPaymentsCallingUp], [sendMailDirectly]),
  layer(["lib/server/mail/**"], [noBrowserClient, noTestSupport]),
  layer(["lib/db/**"], [noServer, noBrowserClient, noTestSupport]),
  layer(["instrumentation.ts", "instrumentation-client.ts", "next.config.ts"], [noTestSupport]),
  {
    files: ["lib/server/**"],
    ignores: [...TESTS, "lib/server/transaction/**"],
    rules: { "no-restricted-syntax": ["error", noProcessEnv, noBare429, noBareTransaction] },
  },
  {
    files: [
      "lib/config/**",
      "next.config.ts",
      // Loaded by the server outside the bundle, before lib/config could be (env.ts validates the same settings).
      "cache-handler.mjs",
      "instrumentation.ts",
      "playwright.config.ts",
      "vitest.config.mts",
      "scripts/**",
      "e2e/**",
      "test/**",
      "drizzle.config.ts",
    ],
    rules: { "no-restricted-syntax": "off" },
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
