import { defineConfig } from "@playwright/test";
import type { ShopTestOptions } from "./e2e/fixtures";

// End-to-end tests drive Debian's Chromium against a production build (`next build` first).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// A local OpenID issuer stands in for Google (e2e/oidc-server.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT || port + 1);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
// The same build started a second time on Stripe, against the tests' Stripe-shaped server
// (test/support/stripe-double), which also serves the stand-in for Stripe.js and sends the webhooks.
// Ports beside the e2e server: +1 the OpenID issuer, +2 the https shop of hsts.spec.ts, +4 and +5 these.
const stripeDoublePort = port + 4;
const stripeDouble = `http://127.0.0.1:${stripeDoublePort}`;
const stripeShopPort = port + 5;
const stripeShop = `http://127.0.0.1:${stripeShopPort}`;
const STRIPE_KEYS = {
  secret: "sk_test_e2e_double_secret_key",
  publishable: "pk_test_e2e_double_publishable_key",
  webhook: "whsec_e2e_double_webhook_secret",
};
const ci = Boolean(process.env.CI);
const FLOOD = /flood\.spec\.ts$/;
// Pays on Stripe: run against the Stripe shop only.
const STRIPE = /stripe-[a-z-]+\.spec\.ts$/;
// Moves the shop's calendar for every customer (renewals, filter orders, reminders): alone, after all.
const CALENDAR = /purifier-year\.spec\.ts$/;

export default defineConfig<ShopTestOptions>({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: ci ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    oidcIssuer,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, testIgnore: [FLOOD, CALENDAR, STRIPE] },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testIgnore: [FLOOD, CALENDAR, STRIPE],
    },
    {
      name: "stripe-desktop",
      use: { baseURL: stripeShop, stripeDouble, viewport: { width: 1280, height: 800 } },
      testMatch: STRIPE,
    },
    {
      name: "stripe-mobile",
      use: {
        baseURL: stripeShop,
        stripeDouble,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
      testMatch: STRIPE,
    },
    // The calendar journey moves every customer's dates, so it runs alone, after the others.
    {
      name: "calendar",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: CALENDAR,
      dependencies: ["desktop", "mobile"],
    },
    // A flood puts the whole server under pressure (proof of work for a minute), so it runs alone, last.
    {
      name: "flood",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: FLOOD,
      dependencies: ["calendar"],
    },
  ],
  webServer: [
    {
      // A fresh embedded database for every run, in a folder no other process uses. The server is
      // the one `npm start` and the image run (scripts/serve.mjs, with its front of the page cache),
      // which keeps idle connections 65 s (docs/decisions/0019-idle-connections-65-s.md), longer than
      // any test: with Node's 5 s, a request sent on a socket the server was closing failed the test with ECONNRESET.
      command: `rm -rf .data/pglite-e2e .data/outbox-e2e && node scripts/serve.mjs -H 127.0.0.1 -p ${port}`,
      url: baseURL,
      reuseExistingServer: !ci,
      timeout: 120_000,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        // The issuer sends the browser back to SITE_URL + /account/login/google: this server.
        SITE_URL: baseURL,
        PGLITE_DIR: ".data/pglite-e2e",
        MAIL_OUTBOX_DIR: ".data/outbox-e2e",
        SMTP_URL: "",
        DATABASE_URL: "",
        OIDC_ISSUER: oidcIssuer,
        GOOGLE_CLIENT_ID: "lenwell-e2e",
        GOOGLE_CLIENT_SECRET: "lenwell-e2e-secret",
        SCHEDULE_TIME_TRAVEL: "on",
      },
    },
    {
      command: `npx tsx test/support/stripe-double/cli.ts ${stripeDoublePort} --webhook ${stripeShop}/api/v1/payments/webhook`,
      url: stripeDouble,
      reuseExistingServer: !ci,
      timeout: 30_000,
      env: {
        STRIPE_DOUBLE_SECRET_KEY: STRIPE_KEYS.secret,
        STRIPE_DOUBLE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
        STRIPE_DOUBLE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
      },
    },
    {
      // Its own embedded database; the outbox is shared, as each test's customer has an address of its own.
      command: `rm -rf .data/pglite-e2e-stripe && node scripts/serve.mjs -H 127.0.0.1 -p ${stripeShopPort}`,
      url: stripeShop,
      reuseExistingServer: !ci,
      timeout: 120_000,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        SITE_URL: stripeShop,
        PGLITE_DIR: ".data/pglite-e2e-stripe",
        MAIL_OUTBOX_DIR: ".data/outbox-e2e",
        SMTP_URL: "",
        DATABASE_URL: "",
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
        STRIPE_API_URL: stripeDouble,
        STRIPE_JS_URL: `${stripeDouble}/v3`,
      },
    },
    {
      command: `npx tsx e2e/oidc-server.ts ${oidcPort}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: !ci,
      timeout: 30_000,
    },
  ],
});
