import { readFileSync, readdirSync } from "node:fs";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
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
const noComponents = {
  group: ["@/components", "@/components/*"],
  message: "lib/ is below components/: move what both need into lib (components import lib, never the reverse).",
};
const noFeatureComponents = {
  group: ["@/components/*", "!@/components/ui", "!@/components/ui/*"],
  message: "components/ui is the shared kit: it imports no feature folder (move what both need into ui).",
};

// The server's domains, lowest first (docs/decisions/0035-domains-depend-one-way.md). A domain imports
// only from levels below its own; when a lower one must make a higher one react (an order paid,
// delivered, cancelled) it announces the event through lib/server/events and the higher one
// subscribes in lib/server/wiring. Every folder of lib/server must be placed here.
const DOMAIN_LEVELS = [
  ["base"],
  ["log", "events"],
  // page-cache: expiring tags of Next's cache, for any domain whose changes pages show.
  ["lifecycle", "redis", "transaction", "page-cache"],
  ["reminders", "shipping", "tax"],
  ["mail", "rate-limit", "ops"],
  ["auth"],
  ["catalog", "payments", "jobs"],
  ["orders"],
  ["memberships"],
  ["purifiers"],
  // Above the purifiers: the filter schedule reads a customer's purifiers and their filter changes.
  ["filter-shipments"],
  ["cart", "after-sale", "search"],
  ["checkout"],
  // Above every owner it reads: the console's figures ask each domain for its own sums.
  ["reports"],
  ["wiring"],
  ["http"],
];
const unplaced = readdirSync(new URL("./lib/server", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DOMAIN_LEVELS.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) throw new Error(`eslint.config.mjs: place lib/server/${unplaced.join(", lib/server/")} in DOMAIN_LEVELS`);

// Each table has one owning folder (docs/decisions/0036-tables-have-owners.md): other domains read
// and write it only through the owner's functions, so a rule about a table (who may set a status,
// how stock moves, what a refund is) lives in one place. Every table lib/db/schema exports must be
// placed here. Row types and constants stay importable: the rule is about queries.
export const TABLE_OWNERS = {
  reminders: ["mailOptOuts"],
  mail: ["mailOutbox"],
  auth: ["users", "sessions", "emailCodes", "oauthIdentities", "oauthUsedCodes"],
  catalog: ["products", "productChanges"],
  payments: ["payments", "savedPaymentMethods", "paymentCustomers", "paymentEvents", "sandboxCards", "sandboxCharges", "sandboxRefunds"],
  orders: ["orders", "orderItems", "orderEvents", "refunds", "refundAllocations"],
  memberships: ["memberships"],
  purifiers: ["purifiers", "filterChanges", "purifierProofs"],
  "filter-shipments": ["filterShipments", "filterAddressRequests", "filterReminders"],
  cart: ["cartItems"],
  "after-sale": ["afterSaleRequests", "afterSaleEvents"],
  reports: ["funnelEvents"],
  search: ["searchDocuments", "searchTerms", "searchSynonyms", "searchQueries"],
};
const schemaDir = new URL("./lib/db/schema/", import.meta.url);
const schemaTables = readdirSync(schemaDir)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .flatMap((file) =>
    [...readFileSync(new URL(file, schemaDir), "utf8").matchAll(/^export const (\w+) = pgTable\(/gm)].map((match) => match[1]),
  );
const ownedTables = Object.values(TABLE_OWNERS).flat();
const unowned = schemaTables.filter((table) => !ownedTables.includes(table));
const vanished = ownedTables.filter((table) => !schemaTables.includes(table));
if (unowned.length > 0) throw new Error(`eslint.config.mjs: give ${unowned.join(", ")} an owner in TABLE_OWNERS`);
if (vanished.length > 0)
  throw new Error(`eslint.config.mjs: TABLE_OWNERS names ${vanished.join(", ")}, which lib/db/schema does not export`);
const unknownOwners = Object.keys(TABLE_OWNERS).filter((owner) => !DOMAIN_LEVELS.flat().includes(owner));
if (unknownOwners.length > 0)
  throw new Error(`eslint.config.mjs: TABLE_OWNERS names ${unknownOwners.join(", ")}, which DOMAIN_LEVELS does not place`);

/** What a domain may not import from the schema: the tables of every other owner. */
function notOwned(domain) {
  return Object.entries(TABLE_OWNERS)
    .filter(([owner]) => owner !== domain)
    .map(([owner, tables]) => ({
      group: ["@/lib/db/schema", "@/lib/db/schema/*", "**/db/schema", "**/db/schema/*"],
      importNames: tables,
      message: `This table is owned by lib/server/${owner} (eslint.config.mjs TABLE_OWNERS): call its functions, or ask it through lib/server/events when it sits above you.`,
    }));
}

/** What a domain may not import: its own level's neighbours and everything above. */
function notAbove(domain) {
  const level = DOMAIN_LEVELS.findIndex((names) => names.includes(domain));
  const above = DOMAIN_LEVELS.slice(level)
    .flat()
    .filter((other) => other !== domain);
  if (above.length === 0) return [];
  const message = `lib/server/${domain} may import only domains below it (eslint.config.mjs DOMAIN_LEVELS); to make a higher one react, announce an event (lib/server/events).`;
  return [
    { group: above.flatMap((other) => [`@/lib/server/${other}`, `@/lib/server/${other}/*`]), message },
    // The same reached by a relative path ("../orders/status", "../../server/orders").
    { regex: `^(?:\\.\\./)+(?:(?:lib/)?server/)?(?:${above.join("|")})(?:/|$)`, message },
  ];
}
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
  layer(
    ["lib/api/**", "lib/state/**", "lib/hooks/**", "lib/display/**", "lib/visitor/**", "lib/rules/**", "lib/site/**", "middleware.ts"],
    [noDatabase, noServer, noTestSupport, noComponents],
  ),
  layer(
    ["lib/config/**", "lib/schemas/**", "lib/geo/**", "lib/content/**"],
    [noDatabase, noServer, noBrowserClient, noTestSupport, noComponents],
  ),
  layer(["app/**"], [noDatabase, noTestSupport]),
  layer(["lib/server/**"], [noBrowserClient, noTestSupport, noComponents], [sendMailDirectly]),
  ...DOMAIN_LEVELS.flat().map((domain) =>
    layer(
      [`lib/server/${domain}/**`],
      [noBrowserClient, noTestSupport, noComponents, ...notAbove(domain), ...notOwned(domain)].filter(
        (pattern) => pattern.group?.length !== 0,
      ),
      domain === "mail" ? [] : [sendMailDirectly],
    ),
  ),
  layer(["lib/db/**"], [noServer, noBrowserClient, noTestSupport, noComponents]),
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
    // No module reaches itself through others: a circle has no bottom to read or test it from.
    files: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.mjs"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // An index file names what its folder offers and holds nothing itself: the code is in a module
    // named for what it does, which the index re-exports.
    files: ["**/index.ts", "**/index.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noProcessEnv,
        {
          selector: "Program > :not(ExportNamedDeclaration[source], ExportAllDeclaration, ImportDeclaration[specifiers.length=0])",
          message: "An index.ts only re-exports (export … from): move this code into a module named for what it does.",
        },
      ],
    },
  },
  {
    // The one img of the shop (components/ui/image.tsx explains why not next/image).
    files: ["components/ui/image.tsx"],
    rules: { "@next/next/no-img-element": "off" },
  },
  {
    // House rule: a component file past 300 lines holds more than one concern; split it (a hook, its parts).
    files: ["components/**"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  globalIgnores([".next/**", "node_modules/**", "next-env.d.ts", ".data/**", "test-results/**", "playwright-report/**"]),
]);
