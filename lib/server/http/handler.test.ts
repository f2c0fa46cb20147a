// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { env } from "@/lib/config/env";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { makeCustomer } from "@/test/support/shop";
import { AppError } from "@/lib/server/base/errors";
import { apiRoute, routeDeclaration } from "./handler";
import { MAX_BODY_BYTES } from "./request";
import { log } from "@/lib/server/log";

const body = z.strictObject({ skuNum: z.string().min(1), quantity: z.number().int().min(1).max(1000) });
const echo = apiRoute({ auth: "none", body }, async ({ body: input }) => ({ received: input }));

function post(init: { body?: string; headers?: Record<string, string> } = {}) {
  return new Request("http://shop.test/api/v1/c/order/cart/add/", {
    method: "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body ?? JSON.stringify({ skuNum: "LW-RO600", quantity: 2 }),
  });
}

async function envelope(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("apiRoute", () => {
  it("answers a valid call with code 200 and the data", async () => {
    expect(await envelope(await echo(post()))).toEqual({
      status: 200,
      body: { code: 200, data: { received: { skuNum: "LW-RO600", quantity: 2 } }, errmsg: "" },
    });
  });

  it("refuses a body that is not JSON with 415", async () => {
    const result = await envelope(await echo(post({ headers: { "content-type": "text/plain" } })));
    expect(result.status).toBe(415);
    expect(result.body.code).toBe(415);
  });

  it("refuses malformed JSON with 400", async () => {
    const result = await envelope(await echo(post({ body: "{nope" })));
    expect(result).toMatchObject({ status: 400, body: { code: 400, errmsg: "The request body is not valid JSON." } });
  });

  it("refuses a body over 64 KiB with 413, even without a Content-Length", async () => {
    const big = JSON.stringify({ skuNum: "x".repeat(MAX_BODY_BYTES), quantity: 1 });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const request = new Request("http://shop.test/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await envelope(await echo(request))).status).toBe(413);
  });

  it("names the field that is wrong and refuses unknown keys", async () => {
    const wrongType = await envelope(await echo(post({ body: JSON.stringify({ skuNum: "A", quantity: "2" }) })));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errmsg).toMatch(/^quantity: /);
    expect(wrongType.body.errors).toEqual([{ path: "quantity", message: expect.any(String) }]);

    const extra = await envelope(await echo(post({ body: JSON.stringify({ skuNum: "A", quantity: 1, price: "0.01" }) })));
    expect(extra.status).toBe(422);
    expect(JSON.stringify(extra.body.errors)).toContain("price");
  });

  it("refuses a mutation a browser sent from another site", async () => {
    const crossSite = await envelope(await echo(post({ headers: { "sec-fetch-site": "cross-site" } })));
    expect(crossSite.status).toBe(403);
    const otherOrigin = await envelope(await echo(post({ headers: { origin: "https://evil.example" } })));
    expect(otherOrigin.status).toBe(403);
    expect((await echo(post({ headers: { "sec-fetch-site": "same-origin" } }))).status).toBe(200);
    expect((await echo(post({ headers: { origin: new URL(env.SITE_URL).origin } }))).status).toBe(200);
    // The request's own address is the server's internal one behind a proxy: it vouches for nothing.
    expect(new URL(env.SITE_URL).origin).not.toBe("http://shop.test");
    expect((await echo(post({ headers: { origin: "http://shop.test" } }))).status).toBe(403);
  });

  it("turns a service's AppError into its code and message", async () => {
    const route = apiRoute({ auth: "none" }, async () => {
      throw new AppError(409, "Only 3 left in stock.");
    });
    const request = new Request("http://shop.test/x", { method: "GET" });
    expect(await envelope(await route(request))).toEqual({
      status: 409,
      body: { code: 409, data: null, errmsg: "Only 3 left in stock." },
    });
  });

  it("passes an AppError's headers on, such as Retry-After on a 429", async () => {
    const route = apiRoute({ auth: "none" }, async () => {
      throw AppError.tooManyRequests("Please wait 8 seconds and try again.", 8);
    });
    const response = await route(new Request("http://shop.test/x"));
    expect(response.headers.get("retry-after")).toBe("8");
    expect(await envelope(response)).toEqual({
      status: 429,
      body: { code: 429, data: null, errmsg: "Please wait 8 seconds and try again." },
    });
  });

  it("hides an unexpected failure behind a plain 500", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const route = apiRoute({ auth: "none" }, async () => {
      throw new Error('relation "users" does not exist at SELECT * FROM users');
    });
    const result = await envelope(await route(new Request("http://shop.test/x")));
    expect(result).toEqual({ status: 500, body: { code: 500, data: null, errmsg: "Service exception!" } });
    expect(logged).toHaveBeenCalled();
  });

  it("answers a lost database connection with 503 and Retry-After, and logs one line without the statement", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const failed = vi.spyOn(log, "error").mockImplementation(() => undefined);
    // What drizzle throws when node-postgres lost the connection under a query.
    const lost = new Error('Failed query: update "cart_items" set "quantity" = $1\nparams: 2', {
      cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    });
    const route = apiRoute({ auth: "none" }, async () => {
      throw lost;
    });
    const response = await route(new Request("http://shop.test/x"));
    expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await envelope(response)).toEqual({
      status: 503,
      body: { code: 503, data: null, errmsg: "The shop could not finish this just now. Please try again in a moment." },
    });
    expect(failed).not.toHaveBeenCalled();
    expect(warned).toHaveBeenCalledTimes(1);
    expect(String(warned.mock.calls[0]?.[1])).toContain("57P01");
    expect(JSON.stringify(warned.mock.calls[0])).not.toContain("cart_items");
  });

  it("validates the query string", async () => {
    const route = apiRoute({ auth: "none", query: z.strictObject({ sku: z.string().regex(/^[A-Z0-9-]+$/) }) }, async ({ query }) => query);
    expect((await envelope(await route(new Request("http://shop.test/x?sku=LW-RO600")))).body.data).toEqual({ sku: "LW-RO600" });
    expect((await route(new Request("http://shop.test/x?sku=<x>"))).status).toBe(422);
  });
});

describeEachEngine("apiRoute's auth on $name", (engine) => {
  const db = databaseForSuite(engine);
  const seen = vi.fn();
  const forCustomers = apiRoute({ auth: "customer", body }, async ({ user, session, body: input }) => {
    seen({ userId: user.id, sessionUserId: session.user.id });
    return input;
  });
  const forOperators = apiRoute({ auth: "operator", body }, async ({ user }) => ({ role: user.role }));
  const forAnyone = apiRoute({ auth: "none" }, async (input) => ({ keys: Object.keys(input).sort() }));

  const signedIn = (token: string, init: { body?: string; headers?: Record<string, string> } = {}) =>
    post({ ...init, headers: { token, ...init.headers } });

  it("refuses a call without a session with 401 before it reads the body, whatever the body", async () => {
    for (const request of [
      post(),
      post({ body: "{nope" }),
      post({ body: "" }),
      post({ headers: { "content-type": "text/plain" } }),
      post({ body: JSON.stringify({ skuNum: "", quantity: 0, price: "0.01" }) }),
      post({ headers: { token: "not-a-token" } }),
    ]) {
      for (const route of [forCustomers, forOperators]) {
        expect(await envelope(await route(request.clone()))).toMatchObject({ status: 401, body: { code: 401 } });
      }
    }
    expect(seen).not.toHaveBeenCalled();
  });

  it("checks the request's origin before the session", async () => {
    const crossSite = await envelope(await forCustomers(post({ headers: { "sec-fetch-site": "cross-site" } })));
    expect(crossSite).toMatchObject({ status: 403, body: { errmsg: "This request came from another site and was refused." } });
  });

  it("gives a customer's handler the signed-in user and session, and validates only then", async () => {
    const customer = await makeCustomer(db());
    expect((await envelope(await forCustomers(signedIn(customer.token)))).status).toBe(200);
    expect(seen).toHaveBeenCalledWith({ userId: customer.id, sessionUserId: customer.id });
    expect((await envelope(await forCustomers(signedIn(customer.token, { body: "{nope" })))).status).toBe(400);
    expect((await envelope(await forCustomers(signedIn(customer.token, { headers: { "content-type": "text/plain" } })))).status).toBe(415);
  });

  it("refuses a customer on an operator route with 403 before it reads the body, and lets an operator through", async () => {
    const customer = await makeCustomer(db());
    for (const init of [{}, { body: "{nope" }, { headers: { "content-type": "text/plain" } }]) {
      expect(await envelope(await forOperators(signedIn(customer.token, init)))).toEqual({
        status: 403,
        body: { code: 403, data: null, errmsg: "Current account does not have permission to access" },
      });
    }
    const operator = await makeCustomer(db(), { role: "admin" });
    expect((await envelope(await forOperators(signedIn(operator.token)))).body.data).toEqual({ role: "admin" });
    expect((await envelope(await forOperators(signedIn(operator.token, { body: "{nope" })))).status).toBe(400);
  });

  it("gives a handler open to anyone no caller, even when a session comes with the call", async () => {
    const customer = await makeCustomer(db());
    const request = new Request("http://shop.test/x", { headers: { token: customer.token } });
    expect((await envelope(await forAnyone(request))).body.data).toEqual({ keys: ["body", "query", "request"] });
  });

  it("remembers what each handler declared, and knows nothing of a handler it did not make", () => {
    expect([forCustomers, forOperators, forAnyone].map(routeDeclaration)).toEqual([
      { auth: "customer", handler: forCustomers, body, query: undefined },
      { auth: "operator", handler: forOperators, body, query: undefined },
      { auth: "none", handler: forAnyone, body: undefined, query: undefined },
    ]);
    expect(routeDeclaration(async () => new Response(null))).toBeUndefined();
    expect(routeDeclaration(undefined)).toBeUndefined();
  });

  it("makes the declaration part of the type: required, and no user for a handler open to anyone", () => {
    // @ts-expect-error: a route that does not say who may call does not compile.
    apiRoute({ body }, async () => null);
    // @ts-expect-error: a handler open to anyone has no user to read.
    apiRoute({ auth: "none" }, async ({ user }) => user);
  });
});
