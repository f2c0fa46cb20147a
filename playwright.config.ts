import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against a production build (`next build` first).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    // A fresh embedded database for every run, in a folder no other process uses.
    command: `rm -rf .data/pglite-e2e .data/outbox-e2e && npx next start -H 127.0.0.1 -p ${port}`,
    url: baseURL,
    reuseExistingServer: !ci,
    timeout: 120_000,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      SITE_URL: process.env.SITE_URL ?? "http://localhost:3000",
      PGLITE_DIR: ".data/pglite-e2e",
      MAIL_OUTBOX_DIR: ".data/outbox-e2e",
      SMTP_URL: "",
      DATABASE_URL: "",
    },
  },
});
