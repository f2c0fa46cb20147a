// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "./index";

let double: StripeDouble;

beforeAll(async () => {
  double = await startStripeDouble();
});
afterAll(() => double.close());

function inlineScript(html: string): string {
  const match = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no inline script");
  return match[1];
}

describe("the Stripe.js stand-in", () => {
  it("answers the health check", async () => {
    expect((await fetch(`${double.url}/`)).status).toBe(200);
  });

  it("serves /v3 as JavaScript that parses and names the double's origin", async () => {
    const response = await fetch(`${double.url}/v3`);
    expect(response.headers.get("content-type")).toContain("javascript");
    const source = await response.text();
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain(JSON.stringify(double.url));
  });

  it("serves the card frame with labelled inputs and a script that parses", async () => {
    const html = await (await fetch(`${double.url}/elements/card?id=x&parent=http%3A%2F%2Fshop.test&key=${double.publishableKey}`)).text();
    for (const label of ["Card number", "Expiration date", "Security code"]) expect(html).toContain(`>${label}</label>`);
    expect(() => new Function(inlineScript(html))).not.toThrow();
  });

  it("serves the 3-D Secure challenge page", async () => {
    const html = await (await fetch(`${double.url}/3ds/challenge?intent=pi_x`)).text();
    expect(html).toContain("<h1>3D Secure test payment</h1>");
    expect(html).toContain(">Complete authentication</button>");
    expect(html).toContain(">Fail authentication</button>");
    expect(() => new Function(inlineScript(html))).not.toThrow();
  });

  it("lets the page's origin call the API (CORS preflight)", async () => {
    const response = await fetch(`${double.url}/v1/payment_methods`, {
      method: "OPTIONS",
      headers: { origin: "http://shop.test", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("the /_double control routes", () => {
  it("drive 3-D Secure, refunds, disputes, events and reset without auth", async () => {
    const auth = { authorization: `Bearer ${double.secretKey}` };
    const method: { id: string } = await (
      await fetch(`${double.url}/v1/payment_methods`, {
        method: "POST",
        headers: auth,
        body: new URLSearchParams({
          type: "card",
          "card[number]": "4000002760003184",
          "card[exp_month]": "1",
          "card[exp_year]": "2040",
          "card[cvc]": "123",
        }),
      })
    ).json();
    const intent: { id: string; status: string } = await (
      await fetch(`${double.url}/v1/payment_intents`, {
        method: "POST",
        headers: auth,
        body: new URLSearchParams({ amount: "3000", currency: "usd", payment_method: method.id, confirm: "true" }),
      })
    ).json();
    expect(intent.status).toBe("requires_action");

    const control = (path: string, body: Record<string, unknown>) =>
      fetch(`${double.url}/_double/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await (await control("complete-authentication", { intent: intent.id, outcome: "succeed" })).json()).toMatchObject({
      status: "succeeded",
    });
    expect(await (await control("refund", { payment_intent: intent.id, amount: 1000 })).json()).toMatchObject({
      object: "refund",
      amount: 1000,
    });
    expect(await (await control("dispute", { payment_intent: intent.id, reason: "fraudulent" })).json()).toMatchObject({
      object: "dispute",
      amount: 2000,
    });
    expect((await control("dispute", { payment_intent: intent.id, reason: "nonsense" })).status).toBe(400);
    const events: { type: string }[] = await (await fetch(`${double.url}/_double/events`)).json();
    const types = events.map((event) => event.type);
    expect(types).toEqual([
      "payment_intent.created",
      "payment_intent.requires_action",
      "charge.succeeded",
      "payment_intent.succeeded",
      "charge.refunded",
      "refund.created",
      "charge.dispute.created",
      "charge.dispute.funds_withdrawn",
    ]);
    expect((await control("hold", {})).status).toBe(200);
    expect((await control("release", {})).status).toBe(200);
    expect((await control("webhook-url", { url: null })).status).toBe(200);
    expect((await control("reset", {})).status).toBe(200);
    expect(await (await fetch(`${double.url}/_double/events`)).json()).toEqual([]);
    expect(double.requests()).toEqual([]);
  });
});
