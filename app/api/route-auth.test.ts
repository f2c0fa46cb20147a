// @vitest-environment node
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { apiNotFound } from "@/lib/server/base/envelope";
import type { RouteHandler } from "@/lib/server/http/handler";
import { allowHeader, ROUTE_METHODS, type DeclaredMethod, type RouteMethod } from "@/lib/server/http/methods";
import { statusMessage } from "@/lib/schemas/envelope";
import { loadRouteExports } from "@/test/support/api-routes";
import { read } from "@/test/support/answer";
import { makeCustomer, type Customer } from "@/test/support/shop";

// Every route handler under app/api, found on disk rather than listed by hand, so a route added
// tomorrow is covered the day it lands: each one must be made by apiRoute and declare its auth, and
// each one that needs a caller must refuse a missing or wrong one before it looks at the input.

// The only handlers not made by apiRoute or otherMethods. Each must be apiNotFound itself: it reads
// nothing and answers nothing but 404, so there is no input to validate and no data to guard.
const NOT_API_ROUTES: Readonly<Record<string, string>> = {
  "/api/v1/c/[...path]": "an unknown customer API path answers 404 in the envelope",
  "/api/v1/admin/[...path]": "an unknown operator API path answers 404 in the envelope",
};

// The routes anyone may call. Declaring "none" is a decision, so it is written down here: a route
// that declares it without an entry fails, and so does an entry whose route is gone or now checks.
const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  "/api/health": "the liveness probe: load balancers and orchestrators carry no session",
  "/api/ready": "the readiness probe: load balancers and orchestrators carry no session",
  "/api/v1/c/merchandise/list": "the catalogue",
  "/api/v1/c/merchandise/detail": "the catalogue",
  "/api/v1/c/search/suggest": "site search: products and answers for anyone, a signed-in customer's own orders and purifiers as well",
  "/api/v1/c/ulogin/login": "signs in",
  "/api/v1/c/ulogin/register": "signs up",
  "/api/v1/c/ulogin/send/code": "the code for register or reset, before any session",
  "/api/v1/c/ulogin/reset": "a forgotten password, so no session",
  "/api/v1/c/ulogin/email/parse": "the link in a code e-mail, opened before any session",
  "/api/v1/c/ulogin/google/exchange/token": "signs in with Google",
  "/api/v1/c/ulogin/logout": "answers 200 and clears the cookie with or without a session",
  "/api/v1/c/reminders/unsubscribe": "the signed link of a reminder e-mail, and mail clients' one-click unsubscribe, without a session",
  "/api/v1/payments/webhook": "the payment provider's events: trusted for their signature, never for a session",
};

interface CheckedRoute {
  path: string;
  method: RouteMethod;
  auth: "customer" | "operator";
  handler: RouteHandler;
}

const routes = await loadRouteExports();
const refusals = routes.filter((route) => route.refusedWithAllow !== undefined);
const signedInRoutes: CheckedRoute[] = routes.flatMap(({ path: routePath, method, declared }) =>
  declared && declared.auth !== "none" ? [{ path: routePath, method, auth: declared.auth, handler: declared.handler }] : [],
);
const operatorRoutes = signedInRoutes.filter((route) => route.auth === "operator");

/**
 * What each call sends as input: malformed, the wrong type, unknown keys or nothing, so a handler
 * that validated before checking its caller would answer 400, 415 or 422 to most of them.
 */
function badInputs(method: RouteMethod): { name: string; init: RequestInit; query: string }[] {
  if (method === "GET" || method === "HEAD") {
    return [
      { name: "an unknown query parameter", init: {}, query: "?unexpected=%3Cx%3E" },
      { name: "no query at all", init: {}, query: "" },
    ];
  }
  return [
    { name: "malformed JSON", init: { headers: { "content-type": "application/json" }, body: "{" }, query: "" },
    { name: "an empty body", init: { headers: { "content-type": "application/json" }, body: "" }, query: "" },
    { name: "an empty object", init: { headers: { "content-type": "application/json" }, body: "{}" }, query: "" },
    { name: "a body that is not JSON", init: { headers: { "content-type": "text/plain" }, body: "x" }, query: "" },
  ];
}

function call(route: CheckedRoute, input: { init: RequestInit; query: string }, token: string | null): Promise<Response> {
  const headers = new Headers(input.init.headers);
  headers.set("sec-fetch-site", "same-origin");
  if (token) headers.set("token", token);
  return route.handler(new Request(`http://shop.test${route.path}${input.query}`, { ...input.init, method: route.method, headers }));
}

describe("every route under app/api", () => {
  it("is found on disk", () => {
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([...Object.keys(NOT_API_ROUTES), ...Object.keys(PUBLIC_ROUTES)]),
    );
    expect(signedInRoutes).not.toEqual([]);
    expect(operatorRoutes).not.toEqual([]);
  });

  it.each(routes)(
    "$method $path is an apiRoute with a declared auth, a 405 from otherMethods, or a listed exception",
    ({ path: routePath, method, exported, declared, refusedWithAllow }) => {
      if (routePath in NOT_API_ROUTES) {
        expect(exported, `${method} ${routePath}: only apiNotFound may skip apiRoute`).toBe(apiNotFound);
        return;
      }
      expect(declared ?? refusedWithAllow, `${method} ${routePath} was made by neither apiRoute nor otherMethods`).toBeDefined();
    },
  );

  // A method a file leaves out is Next's to answer: an empty 405, and OPTIONS listing whatever is exported.
  it.each([...new Set(routes.map((route) => route.path))])("%s exports every method, HEAD aside when it has a GET", (routePath) => {
    const own = routes.filter((route) => route.path === routePath);
    const exported = own.map((route) => route.method);
    // Next answers HEAD with the GET handler, so a route that really has a GET leaves HEAD out.
    const answersGet = own.some((route) => route.method === "GET" && route.refusedWithAllow === undefined);
    const expected = ROUTE_METHODS.filter((method) => !(method === "HEAD" && answersGet));
    expect([...exported].sort()).toEqual([...expected].sort());
  });

  it("is open to anyone only when listed as public, and every listed route exists and is open", () => {
    const open = [...new Set(routes.filter((route) => route.declared?.auth === "none").map((route) => route.path))].sort();
    expect(open).toEqual(Object.keys(PUBLIC_ROUTES).sort());
  });

  it("under /api/v1/admin is for operators only", () => {
    const admin = routes.filter(
      (route) => route.path.startsWith("/api/v1/admin/") && !(route.path in NOT_API_ROUTES) && route.refusedWithAllow === undefined,
    );
    expect(admin).not.toEqual([]);
    expect(admin.filter((route) => route.declared?.auth !== "operator").map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });
});

/** The methods the route at `routePath` has, as its apiRoute handlers declare them. */
function declaredMethods(routePath: string): DeclaredMethod[] {
  return routes.flatMap((route) =>
    route.path === routePath && route.declared && route.method !== "HEAD" && route.method !== "OPTIONS" ? [route.method] : [],
  );
}

describe("a method a route does not have", () => {
  it("is refused by some route, so the checks below check something", () => {
    expect(refusals.filter((route) => route.method !== "OPTIONS")).not.toEqual([]);
  });

  it.each(refusals)("$method $path answers in the envelope with the Allow header of the route's own methods", async (route) => {
    const allow = allowHeader(declaredMethods(route.path));
    expect(route.refusedWithAllow?.join(", ")).toBe(allow);
    const handler = route.exported as RouteHandler;
    // Whoever asks and whatever they send: the method is wrong before anything else is.
    const withBody = route.method !== "GET" && route.method !== "HEAD";
    const response = await handler(
      new Request(`http://shop.test${route.path}?x=1`, {
        method: route.method,
        headers: { "content-type": "text/plain", token: randomBytes(32).toString("base64url") },
        ...(withBody ? { body: "{" } : {}),
      }),
    );
    expect(response.headers.get("allow")).toBe(allow);
    if (route.method === "OPTIONS") {
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      return;
    }
    expect(await read(response)).toEqual({ status: 405, body: { code: 405, data: null, errmsg: statusMessage(405) } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describeEachEngine("the auth every route declares, on $name", (engine) => {
  const db = databaseForSuite(engine);
  let customer: Customer;
  let operator: Customer;

  beforeAll(async () => {
    customer = await makeCustomer(db());
    operator = await makeCustomer(db(), { role: "admin" });
  });

  it.each(signedInRoutes)("$method $path answers 401 without a session, whatever the input", async (route) => {
    // Well formed but unknown: it reaches the session lookup rather than stopping at the format.
    const unknownToken = randomBytes(32).toString("base64url");
    for (const input of badInputs(route.method)) {
      for (const token of [null, unknownToken]) {
        const answer = await read(await call(route, input, token));
        expect({ status: answer.status, code: answer.body.code }, `${input.name}, token ${token ? "unknown" : "absent"}`).toEqual({
          status: 401,
          code: 401,
        });
      }
    }
  });

  it.each(operatorRoutes)("$method $path answers 403 to a customer, whatever the input", async (route) => {
    for (const input of badInputs(route.method)) {
      const answer = await read(await call(route, input, customer.token));
      expect(answer, input.name).toEqual({
        status: 403,
        body: { code: 403, data: null, errmsg: "Current account does not have permission to access" },
      });
    }
  });

  // The other side: the refusals above come from the check, not from routes that refuse everyone.
  it.each(signedInRoutes)("$method $path lets its own caller through to the input", async (route) => {
    const token = route.auth === "operator" ? operator.token : customer.token;
    for (const input of badInputs(route.method)) {
      // The status alone: a download (the CSV exports) answers its file, not the envelope.
      const { status } = await call(route, input, token);
      expect([401, 403], `${input.name} answered ${status}`).not.toContain(status);
    }
  });
});
