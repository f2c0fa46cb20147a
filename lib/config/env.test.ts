// @vitest-environment node
import { describe, expect, it } from "vitest";
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
