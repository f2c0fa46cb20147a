// @vitest-environment node
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_JS_RELEASE_URL, parseServerEnv } from "./env";

// The server reads its settings once at start; with Stripe it refuses to start on a missing key or
// one of the wrong kind, naming each problem.

const stripe = {
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_51AbCdEfGhIjKlMn",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51AbCdEfGhIjKlMn",
  STRIPE_WEBHOOK_SECRET: "whsec_AbCdEfGhIjKlMnOp",
};

describe("payment provider settings", () => {
  it("needs no Stripe key with the built-in sandbox gateway", () => {
    expect(parseServerEnv({}).PAYMENT_PROVIDER).toBe("test");
  });

  it("starts on Stripe with three keys of the right kinds and modes", () => {
    const env = parseServerEnv(stripe);
    expect(env).toMatchObject({ PAYMENT_PROVIDER: "stripe", STRIPE_JS_URL: "https://js.stripe.com/endive/stripe.js" });
    expect(env.STRIPE_API_URL).toBeUndefined();
    // .env.example leaves the test-only URLs empty: empty means Stripe's own.
    expect(parseServerEnv({ ...stripe, STRIPE_API_URL: "", STRIPE_JS_URL: "" }).STRIPE_JS_URL).toBe(
      "https://js.stripe.com/endive/stripe.js",
    );
    expect(parseServerEnv({ ...stripe, STRIPE_SECRET_KEY: "rk_test_51AbCdEfGhIjKlMn" }).STRIPE_SECRET_KEY).toMatch(/^rk_/);
  });

  it.each([
    ["STRIPE_SECRET_KEY", undefined, /STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe/],
    ["STRIPE_PUBLISHABLE_KEY", "", /STRIPE_PUBLISHABLE_KEY: is required/],
    ["STRIPE_WEBHOOK_SECRET", undefined, /STRIPE_WEBHOOK_SECRET: is required/],
    // The publishable key where the secret one belongs, and the other way round.
    ["STRIPE_SECRET_KEY", "pk_test_51AbCdEfGhIjKlMn", /STRIPE_SECRET_KEY: must be a secret key/],
    ["STRIPE_PUBLISHABLE_KEY", "sk_test_51AbCdEfGhIjKlMn", /STRIPE_PUBLISHABLE_KEY: must be a publishable key/],
    ["STRIPE_WEBHOOK_SECRET", "sk_test_51AbCdEfGhIjKlMn", /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/],
    // A live page confirming against a test account fails every payment.
    ["STRIPE_PUBLISHABLE_KEY", "pk_live_51AbCdEfGhIjKlMn", /is a live key but STRIPE_SECRET_KEY is a test key/],
  ])("refuses to start when %s is %s", (name, value, problem) => {
    expect(() => parseServerEnv({ ...stripe, [name]: value })).toThrow(problem);
  });

  it("refuses an unknown provider", () => {
    expect(() => parseServerEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
  });
});

describe("observability settings", () => {
  it("logs at info, sends no traces and names the service lenwell-shop by default (empty is unset)", () => {
    for (const source of [{}, { LOG_LEVEL: "", OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_SERVICE_NAME: "" }]) {
      const env = parseServerEnv(source);
      expect(env).toMatchObject({ LOG_LEVEL: "info", OTEL_SERVICE_NAME: "lenwell-shop" });
      expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    }
  });

  it.each(["fatal", "error", "warn", "info", "debug", "trace", "silent"])("takes LOG_LEVEL=%s", (level) => {
    expect(parseServerEnv({ LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
  });

  it.each(["verbose", "INFO", "30"])("refuses to start with LOG_LEVEL=%s", (level) => {
    expect(() => parseServerEnv({ LOG_LEVEL: level })).toThrow(/LOG_LEVEL/);
  });

  it("takes a collector's http(s) address without its trailing slash, and a service name", () => {
    expect(parseServerEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318/", OTEL_SERVICE_NAME: "shop-eu" })).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318",
      OTEL_SERVICE_NAME: "shop-eu",
    });
  });

  it.each(["otel-collector:4318", "grpc://otel-collector:4317"])("refuses OTEL_EXPORTER_OTLP_ENDPOINT=%s", (endpoint) => {
    expect(() => parseServerEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe("Stripe.js release", () => {
  it("is the release the pinned @stripe/stripe-js loads and is typed for", async () => {
    const { readFile } = await import("node:fs/promises");
    const loader = await readFile("node_modules/@stripe/stripe-js/dist/index.js", "utf8");
    const train = /var RELEASE_TRAIN = '([a-z]+)';/.exec(loader)?.[1];
    expect(train).toBeTruthy();
    expect(STRIPE_JS_RELEASE_URL).toBe(`https://js.stripe.com/${train ?? ""}/stripe.js`);
  });
});

describe("shutdown drain delay", () => {
  it("closes at once by default (a lone server has no proxy to wait for), and takes seconds with a fraction", () => {
    expect(parseServerEnv({}).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(parseServerEnv({ SHUTDOWN_DRAIN_SECONDS: "2.5" }).SHUTDOWN_DRAIN_SECONDS).toBe(2.5);
  });

  it("refuses a delay the shutdown timeout would cut short", () => {
    expect(() => parseServerEnv({ SHUTDOWN_DRAIN_SECONDS: "10", SHUTDOWN_TIMEOUT_SECONDS: "10" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => parseServerEnv({ SHUTDOWN_DRAIN_SECONDS: "-1" })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe("trusted proxy addresses", () => {
  it("believes a proxy on this machine by default (empty is unset)", () => {
    expect(parseServerEnv({}).TRUSTED_PROXY_ADDRESSES).toEqual(["127.0.0.0/8", "::1"]);
    expect(parseServerEnv({ TRUSTED_PROXY_ADDRESSES: "" }).TRUSTED_PROXY_ADDRESSES).toEqual(["127.0.0.0/8", "::1"]);
  });

  it("takes a comma-separated list of addresses and CIDR ranges", () => {
    expect(parseServerEnv({ TRUSTED_PROXY_ADDRESSES: " 172.30.80.0/24, 10.1.2.3 ,fd00::/8" }).TRUSTED_PROXY_ADDRESSES).toEqual([
      "172.30.80.0/24",
      "10.1.2.3",
      "fd00::/8",
    ]);
  });

  it.each(["nginx", "10.0.0.0/33", "10.0.0.0/8/1", "300.1.1.1", "fd00::/129", ","])("refuses %j, naming the setting", (value) => {
    expect(() => parseServerEnv({ TRUSTED_PROXY_ADDRESSES: value })).toThrow(/TRUSTED_PROXY_ADDRESSES/);
  });
});

describe("secrets given as files (<NAME>_FILE, as Docker secrets are mounted)", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "lenwell-env-secrets-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function secretFile(name: string, content: string): Promise<string> {
    const file = path.join(folder, name);
    await writeFile(file, content, { mode: 0o600 });
    return file;
  }

  it("takes AUTH_SECRET from AUTH_SECRET_FILE, without the line break `openssl rand -hex 32 > file` ends it with", async () => {
    const key = "0123456789abcdef".repeat(4);
    expect(parseServerEnv({ AUTH_SECRET_FILE: await secretFile("auth_secret", `${key}\n`) }).AUTH_SECRET).toBe(key);
  });

  it("leaves AUTH_SECRET unset without either (the key is then generated on first start)", () => {
    expect(parseServerEnv({}).AUTH_SECRET).toBeUndefined();
  });

  it("holds a key from a file to the same rule as one given directly", async () => {
    const short = await secretFile("short", "too-short\n");
    expect(() => parseServerEnv({ AUTH_SECRET_FILE: short })).toThrow(/AUTH_SECRET: Too small/);
  });

  it("takes the Stripe keys, the SMTP URL and the Google client secret from files", async () => {
    const env = parseServerEnv({
      ...stripe,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_SECRET_KEY_FILE: await secretFile("stripe_secret_key", `${stripe.STRIPE_SECRET_KEY}\n`),
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_WEBHOOK_SECRET_FILE: await secretFile("stripe_webhook_secret", `${stripe.STRIPE_WEBHOOK_SECRET}\n`),
      SMTP_URL_FILE: await secretFile("smtp_url", "smtps://shop:p%40ss@smtp.example:465\n"),
      GOOGLE_CLIENT_ID: "client.apps.example",
      GOOGLE_CLIENT_SECRET_FILE: await secretFile("google_client_secret", "GOCSPX-secret\n"),
    });
    expect(env).toMatchObject({
      STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET,
      SMTP_URL: "smtps://shop:p%40ss@smtp.example:465",
      GOOGLE_CLIENT_SECRET: "GOCSPX-secret",
    });
  });

  it("refuses to start with a secret given both ways, or a secret file it cannot read (the database's too)", async () => {
    const key = await secretFile("auth_secret_both", "k".repeat(40));
    expect(() => parseServerEnv({ AUTH_SECRET: "a".repeat(40), AUTH_SECRET_FILE: key })).toThrow(
      /AUTH_SECRET and AUTH_SECRET_FILE are both set/,
    );
    const missing = path.join(folder, "not-mounted");
    expect(() => parseServerEnv({ AUTH_SECRET_FILE: missing })).toThrow(`AUTH_SECRET_FILE: cannot read ${missing} (ENOENT`);
    expect(() => parseServerEnv({ DATABASE_PASSWORD_FILE: missing })).toThrow(`DATABASE_PASSWORD_FILE: cannot read ${missing}`);
  });
});
