// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StripeApiError } from "./errors";
import { parseForm } from "./form";
import { startStripeDouble, type StripeDouble } from "./index";
import { readParams } from "./params-schema";
import { generateSchemas, installedStripeVersion, SCHEMA_DIR } from "./schema-generator";
import { SCHEMA_NAMES, schemaFileName } from "./schema-names";

let double: StripeDouble;
let stripe: Stripe;

beforeAll(async () => {
  double = await startStripeDouble();
  stripe = new Stripe(double.secretKey, { host: double.host, port: double.port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(() => double.close());
beforeEach(() => double.reset());

/** A request through the real library without its types, as a shop with a typo or a cast would send it. */
async function refusal(method: "GET" | "POST", path: string, params: Record<string, unknown>): Promise<unknown> {
  // rawRequest takes a GET's parameters in the path only.
  return stripe.rawRequest(method, path, method === "GET" ? {} : params).then(
    () => new Error(`${method} ${path} was accepted`),
    (error: unknown) => error,
  );
}

describe("the schemas come from the installed stripe library", () => {
  it("are exactly what the generator makes now (regenerate with npm run stripe-double:schemas)", () => {
    const generated = generateSchemas();
    expect(readdirSync(SCHEMA_DIR).sort()).toEqual(generated.map((schema) => schema.file).sort());
    for (const schema of generated) {
      expect(readFileSync(`${SCHEMA_DIR}${schema.file}`, "utf8"), schema.file).toBe(schema.text);
    }
  }, 120_000);

  it("name the stripe version in node_modules and its API version, one per endpoint type", () => {
    const version = installedStripeVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const name of SCHEMA_NAMES) {
      const schema: unknown = JSON.parse(readFileSync(`${SCHEMA_DIR}${schemaFileName(name)}`, "utf8"));
      expect(schema, name).toMatchObject({
        "x-stripe-version": version,
        "x-stripe-api-version": Stripe.API_VERSION,
        "x-stripe-type": name,
      });
    }
  });
});

describe("form values read as the schema's types", () => {
  it("reads integers, booleans, unions, hashes of any keys and arrays in bracket notation", () => {
    const form = parseForm(
      "amount=1200&currency=usd&confirm=true&off_session=one_off&metadata[order_id]=7&metadata[any key]=x" +
        "&expand[]=latest_charge&expand[]=customer&allowed_payment_method_types[0]=card",
    );
    expect(readParams("PaymentIntentCreateParams", form)).toEqual({
      amount: 1200,
      currency: "usd",
      confirm: true,
      off_session: "one_off",
      metadata: { order_id: "7", "any key": "x" },
      expand: ["latest_charge", "customer"],
      allowed_payment_method_types: ["card"],
    });
    expect(readParams("PaymentIntentConfirmParams", parseForm("off_session=true"))).toEqual({ off_session: true });
    // Emptyable parameters take "" as "unset".
    expect(readParams("PaymentIntentUpdateParams", parseForm("metadata=&receipt_email="))).toEqual({ metadata: null, receipt_email: null });
  });

  it.each([
    ["amount=10&currency=usd&amout=5", "parameter_unknown", "amout", "Received unknown parameter: amout. Did you mean amount?"],
    ["amount=ten&currency=usd", "parameter_invalid_integer", "amount", "Invalid integer: ten"],
    ["amount=10.5&currency=usd", "parameter_invalid_integer", "amount", "Invalid integer: 10.5"],
    ["amount=10&currency=", "parameter_invalid_empty", "currency", expect.stringContaining("You passed an empty string for 'currency'")],
    ["currency=usd", "parameter_missing", "amount", "Missing required param: amount."],
    ["amount=10&currency=usd&shipping[name]=A&shipping[adress][line1]=x", "parameter_unknown", "shipping[adress]", expect.any(String)],
    [
      "amount=10&currency=usd&capture_method=sometimes",
      undefined,
      "capture_method",
      expect.stringContaining("Invalid capture_method: must be one of"),
    ],
    ["amount=10&currency=usd&confirm=yes", undefined, "confirm", "Invalid boolean: yes"],
    ["amount=10&currency=usd&metadata=x", undefined, "metadata", "Invalid hash"],
    ["amount=10&currency=usd&expand=x", undefined, "expand", "Invalid array"],
  ])("%s is refused: %s on %s", (body, code, param, message) => {
    let caught: unknown = null;
    try {
      readParams("PaymentIntentCreateParams", parseForm(body));
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ status: 400, error: { type: "invalid_request_error", param, message } });
    expect(caught instanceof StripeApiError ? caught.error.code : "not refused").toBe(code);
  });
});

describe("requests through the stripe library", () => {
  it("refuses a misspelt parameter with 400 parameter_unknown, as Stripe does", async () => {
    const error = await refusal("POST", "/v1/payment_intents", { amout: 1000, amount: 1000, currency: "usd" });
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      code: "parameter_unknown",
      param: "amout",
      message: "Received unknown parameter: amout. Did you mean amount?",
      raw: { type: "invalid_request_error", doc_url: "https://stripe.com/docs/error-codes/parameter-unknown" },
    });
    expect(double.events()).toEqual([]);
  });

  it("refuses a wrong type with 400 parameter_invalid_integer", async () => {
    const error = await refusal("POST", "/v1/payment_intents", { amount: "ten", currency: "usd" });
    expect(error).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "amount", message: "Invalid integer: ten" });
  });

  it("refuses unknown nested parameters, query parameters and the payment_method_types this API version removed", async () => {
    await expect(stripe.customers.create({ address: { line1: "1 Main St", lin2: "Apt 2" } as Stripe.AddressParam })).rejects.toMatchObject({
      code: "parameter_unknown",
      param: "address[lin2]",
      message: "Received unknown parameter: address[lin2]. Did you mean line2?",
    });
    expect(await refusal("GET", "/v1/events?limt=3", {})).toMatchObject({ code: "parameter_unknown", param: "limt" });
    expect(await refusal("POST", "/v1/payment_intents", { amount: 1000, currency: "usd", payment_method_types: ["card"] })).toMatchObject({
      statusCode: 400,
      code: "payment_method_types_no_longer_supported",
      param: "payment_method_types",
    });
  });

  it("keeps metadata of any keys, expand[] and unsetting with '' working", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: "usd",
      metadata: { order_id: "ord_1", payment_id: "pay_1", "free-form key ü": "yes" },
      expand: ["customer"],
    });
    expect(intent.metadata).toEqual({ order_id: "ord_1", payment_id: "pay_1", "free-form key ü": "yes" });
    const cleared = await stripe.paymentIntents.update(intent.id, { metadata: "" });
    expect(cleared.metadata).toEqual({});
    const retrieved = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge", "payment_method"] });
    expect(retrieved.id).toBe(intent.id);
  });

  it("does not keep a refused request under its idempotency key, so the corrected one goes through", async () => {
    const key = "order-42-payment";
    const error = await stripe.rawRequest("POST", "/v1/payment_intents", { amount: "ten", currency: "usd" }, { idempotencyKey: key }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: "parameter_invalid_integer" });
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: "usd" }, { idempotencyKey: key });
    expect(intent.amount).toBe(1000);
  });
});
