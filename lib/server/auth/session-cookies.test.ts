// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/server/base/errors";
import { readCookie, requestToken, signedInResponse, signedOutResponse } from "./session";

function cookie(response: Response, name: string): string {
  const found = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found;
}

function attributes(value: string): string[] {
  return value.split("; ").slice(1);
}

describe("session cookies", () => {
  it("signs in with the HttpOnly Token and a readable hint of the same life and scope", async () => {
    const response = signedInResponse({ token: "t".repeat(43), user: {} });
    const token = cookie(response, "Token");
    const hint = cookie(response, "signed_in");
    expect(hint.split("; ")[0]).toBe("signed_in=1");
    expect(attributes(token)).toContain("HttpOnly");
    expect(attributes(hint)).not.toContain("HttpOnly");
    expect(attributes(hint)).toEqual(attributes(token).filter((attribute) => attribute !== "HttpOnly"));
    expect(attributes(hint)).toEqual(expect.arrayContaining(["Max-Age=86400", "Path=/", "SameSite=Strict"]));
    // The hint says nothing about who: no token, no e-mail.
    expect(hint).not.toContain("t".repeat(43));
    expect(((await response.json()) as { data: unknown }).data).toEqual({ token: "t".repeat(43), user: {} });
  });

  it("signs out by clearing both", () => {
    const response = signedOutResponse();
    expect(cookie(response, "Token")).toMatch(/^Token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/);
    expect(cookie(response, "signed_in")).toMatch(/^signed_in=; Max-Age=0; Path=\/; SameSite=Strict/);
  });
});

describe("reading a cookie", () => {
  const withCookie = (cookie: string, headers: Record<string, string> = {}) =>
    new Request("http://shop.test/", { headers: { cookie, ...headers } });

  it("decodes a percent-encoded value", () => {
    expect(readCookie(withCookie("a=1; login_return_path=%2Fmart%3Fq%3D1"), "login_return_path")).toBe("/mart?q=1");
  });

  it("keeps a value with a broken escape as written, rather than failing the request", () => {
    expect(readCookie(withCookie("Token=ab%Y; c=%E0%A4%A"), "Token")).toBe("ab%Y");
    expect(readCookie(withCookie("c=%E0%A4%A"), "c")).toBe("%E0%A4%A");
  });

  it("refuses a broken Token cookie beside a Token header as two different tokens", () => {
    expect(() => requestToken(withCookie("Token=ab%Y", { token: "t".repeat(43) }))).toThrow(AppError);
  });
});

// One rule for every cookie the server sets (lib/config/transport.ts): Secure once the production
// site is https, as the running server reads SITE_URL; never over http, where the browser would drop it.
describe("Secure cookies", () => {
  async function cookiesOf(siteUrl: string, nodeEnv: string): Promise<string[]> {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.stubEnv("SITE_URL", siteUrl);
    const [session, device, loginRequired] = await Promise.all([
      import("./session"),
      import("./trusted-device"),
      import("@/lib/visitor/login-required"),
    ]);
    return [
      ...session.signedInResponse({ token: "t".repeat(43), user: {} }, [device.trustedDeviceCookie("user-1", null)]).headers.getSetCookie(),
      ...session.signedOutResponse().headers.getSetCookie(),
      // The way back from a protected page whose session has ended (ROUTES.loginRequired).
      ...loginRequired.redirectToLogin("/account/orders?page=2").headers.getSetCookie(),
    ];
  }

  const names = (cookies: string[]) => [...new Set(cookies.map((value) => value.slice(0, value.indexOf("="))))].sort();

  it("marks the session, its hint, the trusted device and the way back Secure on an https production site", async () => {
    const cookies = await cookiesOf("https://shop.lenwell.example", "production");
    expect(names(cookies)).toEqual(["Token", "login_return_path", "lw_device", "signed_in"].sort());
    for (const value of cookies) expect(value, value).toMatch(/;\s*Secure(;|$)/i);
  });

  it.each([
    ["an http production site", "http://shop.lenwell.example", "production"],
    ["next dev on https", "https://shop.lenwell.example", "development"],
  ])("marks none Secure on %s", async (_, siteUrl, nodeEnv) => {
    for (const value of await cookiesOf(siteUrl, nodeEnv)) expect(value, value).not.toMatch(/;\s*Secure/i);
  });
});
