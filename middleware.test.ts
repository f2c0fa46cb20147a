// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { HEAD_SCRIPT } from "@/lib/site/head-script";
import { PROTECTED_PREFIXES, SIGN_IN_PREFIXES } from "@/lib/config/routes";
import { PER_REQUEST_BROWSE_PAGES } from "@/lib/config/security-headers";
import { REFERRAL_PARAM } from "@/lib/visitor/referral";
import { RETURN_PATH_HEADER } from "@/lib/visitor/login-required";
import { NOT_FOUND_REWRITE } from "@/lib/display/address-not-found";
import { config, middleware } from "./middleware";

vi.hoisted(() => {
  // Next checks a matcher's `has` conditions inside an AsyncLocalStorage that its own server puts
  // on globalThis before any of its modules load; the bare test runner has to do the same.
  Object.assign(globalThis, { AsyncLocalStorage: process.getBuiltinModule("node:async_hooks").AsyncLocalStorage });
});

function request(url: string, cookies: Record<string, string> = {}): NextRequest {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return new NextRequest(url, cookie ? { headers: { cookie } } : undefined);
}

function isRedirect(status: number): boolean {
  return status === 307 || status === 308;
}

describe("middleware", () => {
  it("sends a visitor without a session from a protected page to login", async () => {
    const response = await middleware(request("http://localhost:3000/account/user?tab=orders"));
    expect(isRedirect(response.status)).toBe(true);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe("http://localhost:3000");
    expect(location.pathname).toBe("/account/login");
    expect(location.search).toBe("");
  });

  it("remembers the protected page, query included, in the login_return_path cookie", async () => {
    const response = await middleware(request("http://localhost:3000/account/user?tab=orders"));
    const cookie = response.cookies.get("login_return_path");
    expect(cookie?.value).toBe("/account/user?tab=orders");
    expect(cookie?.path).toBe("/");
    expect(cookie?.maxAge).toBe(3600);
  });

  it("lets a visitor with a Token cookie through to a protected page", async () => {
    const response = await middleware(request("http://localhost:3000/account/user?tab=orders", { Token: "abc" }));
    expect(isRedirect(response.status)).toBe(false);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.cookies.get("login_return_path")).toBeUndefined();
  });

  it("treats an empty Token cookie as no session", async () => {
    const response = await middleware(request("http://localhost:3000/mart/payment", { Token: "" }));
    expect(isRedirect(response.status)).toBe(true);
  });

  it("lets anyone through to a public page", async () => {
    const response = await middleware(request("http://localhost:3000/mart/detail/LW-RO600"));
    expect(isRedirect(response.status)).toBe(false);
    expect(response.cookies.get("login_return_path")).toBeUndefined();
  });

  it("remembers a valid ?c= referral code in the referral_code cookie", async () => {
    const response = await middleware(request("http://localhost:3000/mart?c=PARTNER_1"));
    const cookie = response.cookies.get("referral_code");
    expect(cookie?.value).toBe("PARTNER_1");
    expect(cookie?.maxAge).toBe(30 * 86_400);
  });

  it.each(["%3Cbad%3E", "has%20space", "a".repeat(33), ""])("ignores the invalid referral code ?c=%s", async (code) => {
    const response = await middleware(request(`http://localhost:3000/mart?c=${code}`));
    expect(response.cookies.get("referral_code")).toBeUndefined();
  });

  it("remembers ?platform=app in the platform cookie", async () => {
    const response = await middleware(request("http://localhost:3000/?platform=app"));
    expect(response.cookies.get("platform")?.value).toBe("app");
  });

  it("ignores other platform values", async () => {
    const response = await middleware(request("http://localhost:3000/?platform=web"));
    expect(response.cookies.get("platform")).toBeUndefined();
  });

  it("keeps only the referral code on the login address and the full path in the cookie", async () => {
    const response = await middleware(request("http://localhost:3000/mart/payment?orderId=x&c=AB"));
    expect(isRedirect(response.status)).toBe(true);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/account/login");
    expect(location.search).toBe("?c=AB");
    expect(response.cookies.get("login_return_path")?.value).toBe("/mart/payment?orderId=x&c=AB");
    expect(response.cookies.get("referral_code")?.value).toBe("AB");
  });

  it("drops an invalid referral code from the login address", async () => {
    const response = await middleware(request("http://localhost:3000/account/orders/1?c=%3Cbad%3E"));
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.search).toBe("");
  });
});

describe("middleware matcher", () => {
  const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

  it.each(
    [...PROTECTED_PREFIXES, ...SIGN_IN_PREFIXES].flatMap((prefix) => [prefix, `${prefix}/1`, `${prefix}/v1.2`, `${prefix}/evil.example`]),
  )("runs on the page that needs a session or takes a password %s", (path) => {
    expect(matches(path)).toBe(true);
  });

  it.each(["/", "/mart?sort=price", "/mart/detail/LW-RO600", "/about/faq"])("runs on %s with a referral code or the app marker", (path) => {
    const join = path.includes("?") ? "&" : "?";
    expect(matches(`${path}${join}${REFERRAL_PARAM}=PARTNER_1`)).toBe(true);
    expect(matches(`${path}${join}platform=app`)).toBe(true);
  });

  it.each(["/mart?category=filters", "/mart?category=kitchen&sort=price"])(
    "runs on the store shelf %s, whose category may be unknown",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );

  it.each([...PER_REQUEST_BROWSE_PAGES, "/mart?sort=price", "/?platform=web"])(
    "runs on the browse page %s, rendered per request, for its nonce",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );

  it.each([
    "/mart/detail/LW-RO600",
    "/mart/detail/LW-RO600?platform=web",
    "/about/contactus",
    "/about/aboutus",
    "/about/policy",
    "/deals/anything",
    "/waterpurifier/other",
    "/nope",
    "/account/loginx",
  ])("leaves the page %s, served from the cache with its own policy, alone", (path) => {
    expect(matches(path)).toBe(false);
  });

  it.each([
    "/api/v1/c/cart",
    "/api/v1/c/order/cart/add/",
    "/api/v1/c/order/cart/add/?c=AB",
    "/_next/static/chunk.js",
    "/images/logo.svg?c=AB",
    "/icon.svg",
    "/sitemap.xml",
    "/robots.txt?platform=app",
  ])("skips %s", (path) => {
    expect(matches(path)).toBe(false);
  });

  // The load balancer polls them every few seconds: they answer from the route alone.
  it.each(["/api/health", "/api/ready", "/api/health?c=AB", "/api/ready?platform=app", "/api/ready/"])(
    "leaves the probe %s alone",
    (path) => {
      expect(matches(path)).toBe(false);
    },
  );

  it.each(["/api/v1/c/%ZZ", "/api/v1/admin/orders/%", "/api/v1/c/merchandise/%C0%AF", "/mart/detail/%ZZ", "/api/v1/c/a%20b"])(
    "runs on %s, whose percent escape may be one Next cannot decode",
    (path) => {
      expect(matches(path)).toBe(true);
    },
  );
});

describe("a path Next cannot decode", () => {
  it.each(["/api/v1/c/%ZZ", "/api/v1/admin/%", "/api/v1/c/merchandise/%C0%AF", "/api/v1/c/%E0%A4%A"])(
    "%s is a 400 in the API's envelope, never stored",
    async (path) => {
      const response = await middleware(request(`http://localhost:3000${path}`));
      expect(response.status).toBe(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ code: 400, data: null, errmsg: "The address of this request is not valid." });
    },
  );

  it("is a plain 400 on a page", async () => {
    const response = await middleware(request("http://localhost:3000/mart/detail/%ZZ"));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The address of this request is not valid.");
  });

  it("lets a path that decodes through", async () => {
    const response = await middleware(request("http://localhost:3000/api/v1/c/a%20b"));
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});

describe("middleware content security policy", () => {
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

  it("gives a page that needs a session a fresh nonce policy, on the answer and on the request Next renders", async () => {
    const first = await middleware(request("http://localhost:3000/account/user", { Token: "abc" }));
    const second = await middleware(request("http://localhost:3000/account/user", { Token: "abc" }));
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("'strict-dynamic'");
    // (Vitest runs as development, where eval is allowed; the policy builders' tests cover production.)
    expect(/script-src [^;]*/.exec(policy)?.[0]).not.toContain("unsafe-inline");
    // Next takes the nonce for its own scripts from the request's Content-Security-Policy header.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(policy)).not.toBe(nonceOf(second.headers.get("content-security-policy") ?? ""));
    expect(first.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });

  it("allows the root layout's inline script by the sha256 of its text", async () => {
    const response = await middleware(request("http://localhost:3000/admin", { Token: "abc" }));
    const hash = createHash("sha256").update(HEAD_SCRIPT).digest("base64");
    expect(response.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });

  it.each(["/account/login", "/account/login/google", "/account/register", "/account/reset"])(
    "gives %s, which takes a password or signs someone in, a fresh nonce policy without inline scripts",
    async (path) => {
      const response = await middleware(request(`http://localhost:3000${path}`));
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(isRedirect(response.status)).toBe(false);
      expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(/script-src [^;]*/.exec(policy)?.[0]).not.toContain("unsafe-inline");
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    },
  );

  it.each(PER_REQUEST_BROWSE_PAGES)(
    "gives %s, a browse page rendered per request, a fresh nonce policy without inline scripts, and no opener policy",
    async (path) => {
      const first = await middleware(request(`http://localhost:3000${path}?c=AB`));
      const second = await middleware(request(`http://localhost:3000${path}`));
      const policy = first.headers.get("content-security-policy") ?? "";
      expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonceOf(policy)).not.toBe(nonceOf(second.headers.get("content-security-policy") ?? ""));
      expect(/script-src [^;]*/.exec(policy)?.[0]).not.toContain("unsafe-inline");
      expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
      // A visitor arriving on a browse page keeps the renderer it has (docs/decisions/0012).
      expect(first.headers.get("cross-origin-opener-policy")).toBeNull();
    },
  );

  it.each(["/mart/detail/LW-RO600", "/about/contactus", "/deals/x", "/account/loginx"])(
    "leaves %s, served from the cache, the policy stored with it",
    async (path) => {
      const response = await middleware(request(`http://localhost:3000${path}?platform=app`, { Token: "abc" }));
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-middleware-request-content-security-policy")).toBeNull();
      expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
    },
  );
});

describe("middleware and the page that finds the session has ended", () => {
  it("tells a protected page its own path and query, for the way back after a login", async () => {
    const response = await middleware(
      request("http://localhost:3000/account/orders/5e461c55-5d5c-4e0a-9d3c-2f1b8a7c6e01?tab=items&c=AB", { Token: "abc" }),
    );
    expect(response.headers.get(`x-middleware-request-${RETURN_PATH_HEADER}`)).toBe(
      "/account/orders/5e461c55-5d5c-4e0a-9d3c-2f1b8a7c6e01?tab=items&c=AB",
    );
  });

  it.each([
    ["a page", "/account/user?tab=orders", "/account/user?tab=orders"],
    ["an address too long to come back to", `/account/orders?q=${"x".repeat(600)}`, null],
  ])("never passes on a return path the browser sent itself, on %s", async (_, path, expected) => {
    const forged = new NextRequest(`http://localhost:3000${path}`, {
      headers: { cookie: "Token=abc", [RETURN_PATH_HEADER]: "//evil.example" },
    });
    const response = await middleware(forged);
    expect(response.headers.get(`x-middleware-request-${RETURN_PATH_HEADER}`)).toBe(expected);
    // Next rebuilds the page's request from this list: a header missing from it is dropped.
    const passedOn = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
    expect(passedOn.includes(RETURN_PATH_HEADER)).toBe(expected !== null);
  });
});

describe("middleware cookies, Secure by the running server's SITE_URL", () => {
  async function middlewareWith(siteUrl: string, nodeEnv: string) {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("SITE_URL", siteUrl);
    return (await import("./middleware")).middleware;
  }

  /** Every cookie the middleware sets: the way back from login, the referral code, the app marker. */
  async function setCookies(run: typeof middleware): Promise<string[]> {
    const answers = await Promise.all([
      run(request("http://localhost:3000/account/user?c=AB")),
      run(request("http://localhost:3000/mart/detail/LW-RO600?platform=app")),
    ]);
    return answers.flatMap((response) => response.headers.getSetCookie());
  }

  it("marks every cookie Secure when the production site is https", async () => {
    const cookies = await setCookies(await middlewareWith("https://shop.lenwell.example", "production"));
    expect(cookies.map((cookie) => cookie.split("=")[0]).sort()).toEqual(["login_return_path", "platform", "referral_code"]);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure(;|$)/i);
  });

  it.each([
    ["an http production site", "http://shop.lenwell.example", "production"],
    ["next dev on https", "https://shop.lenwell.example", "development"],
  ])("marks none Secure on %s, where the browser would drop them", async (_, siteUrl, nodeEnv) => {
    const cookies = await setCookies(await middlewareWith(siteUrl, nodeEnv));
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies) expect(cookie, cookie).not.toMatch(/;\s*Secure/i);
  });

  it("leaves HSTS to the server, which sends it on every answer (lib/server/http/transport-security.ts)", async () => {
    const run = await middlewareWith("https://shop.lenwell.example", "production");
    const response = await run(request("http://localhost:3000/account/login"));
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("an address that is a 404 whatever the data", () => {
  const rewrittenTo = (response: Response) => {
    const target = response.headers.get("x-middleware-rewrite");
    return target ? new URL(target).pathname : null;
  };

  it.each([
    ["/mart?category=kitchen", {}],
    ["/account/orders/not-an-id", { Token: "abc" }],
    ["/admin/after-sale/5E461C55", { Token: "abc" }],
    ["/mart/payment?orderId=12", { Token: "abc" }],
  ])("%s goes to the 404 page, which brings the policy stored with it in the cache", async (path, cookies) => {
    const response = await middleware(request(`http://localhost:3000${path}`, cookies));
    expect(rewrittenTo(response)).toBe(NOT_FOUND_REWRITE);
    // A nonce policy here would be enforced beside the page's own, and its scripts carry no nonce.
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBeNull();
  });

  it("sends a visitor without a session to log in first", async () => {
    const response = await middleware(request("http://localhost:3000/account/orders/not-an-id"));
    expect(isRedirect(response.status)).toBe(true);
  });

  it.each(["/mart?category=filter", "/account/orders/5e461c55-5d5c-4e0a-9d3c-2f1b8a7c6e01", "/account/after-sale/repair"])(
    "lets %s through to its page",
    async (path) => {
      const response = await middleware(request(`http://localhost:3000${path}`, { Token: "abc" }));
      expect(rewrittenTo(response)).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
    },
  );
});
