// @vitest-environment node
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { expect, it } from "vitest";
import { sessions } from "@/lib/db/schema";
import { hashToken, revokeSession, findSessionByToken } from "@/lib/server/auth/session";
import { middleware } from "@/middleware";
import { makeCustomer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { GET as loginRequired } from "./route";

const ORIGIN = "http://localhost:3000";

function get(url: string, cookies: Record<string, string> = {}): NextRequest {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return new NextRequest(`${ORIGIN}${url}`, cookie ? { headers: { cookie } } : undefined);
}

/** What a redirect to log in leaves in the browser: where it goes and the cookies it sets. */
function outcome(response: Response) {
  const cookies = new Map(
    response.headers.getSetCookie().map((value) => {
      const [pair = ""] = value.split("; ");
      const index = pair.indexOf("=");
      return [pair.slice(0, index), { value: decodeURIComponent(pair.slice(index + 1)), attributes: value }] as const;
    }),
  );
  // Resolved as the browser does: the middleware writes it absolute, the route relative.
  const location = response.headers.get("location");
  return { status: response.status, rawLocation: location, location: location === null ? null : new URL(location, ORIGIN).href, cookies };
}

const fromPage = (page: string) => `/account/login/required?return=${encodeURIComponent(page)}`;

describeEachEngine("a protected page whose session has ended, on $name", (engine) => {
  const db = databaseForSuite(engine);

  const deadTokens: [string, () => Promise<string>][] = [
    [
      "revoked",
      async () => {
        const { token } = await makeCustomer(db());
        const session = await findSessionByToken(token);
        if (!session) throw new Error("no session");
        await revokeSession(session.sessionId);
        return token;
      },
    ],
    [
      "expired",
      async () => {
        const { token } = await makeCustomer(db());
        await db()
          .db.update(sessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(sessions.tokenHash, hashToken(token)));
        return token;
      },
    ],
    ["never issued", () => Promise.resolve("A".repeat(43))],
    ["malformed", () => Promise.resolve("tampered")],
  ];

  it.each(deadTokens)("a %s session cookie meets the login the middleware gives a visitor without one, and is cleared", async (_, dead) => {
    const token = await dead();
    for (const page of ["/account/orders/ord_1?tab=items", "/mart/payment?orderId=ord_2&c=PARTNER_1", "/admin/catalogue"]) {
      const withoutCookie = outcome(await middleware(get(page)));
      const answer = outcome(await loginRequired(get(fromPage(page), { Token: token, signed_in: "1" })));
      expect(answer.status).toBe(307);
      expect(answer.location).toBe(withoutCookie.location);
      // A path alone: the route's own request URL names the server, not the address the browser used.
      expect(answer.rawLocation).toMatch(/^\/(?!\/)/);
      expect(new URL(answer.location ?? "", ORIGIN).pathname).toBe("/account/login");
      expect(answer.cookies.get("login_return_path")?.value).toBe(page);
      // Expires follows from Max-Age at the moment of each answer, so the two may be a second apart.
      const attributes = (cookie: { attributes: string } | undefined) => cookie?.attributes.replace(/; Expires=[^;]*/, "");
      expect(attributes(answer.cookies.get("login_return_path"))).toBe(attributes(withoutCookie.cookies.get("login_return_path")));
      expect(answer.cookies.get("Token")?.attributes).toMatch(/^Token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/);
      expect(answer.cookies.get("signed_in")?.attributes).toMatch(/^signed_in=; Max-Age=0; Path=\/; SameSite=Strict/);
    }
  });

  it("keeps the referral code on the login address, as the middleware does", async () => {
    const answer = outcome(await loginRequired(get(fromPage("/mart/payment?orderId=ord_2&c=PARTNER_1"), { Token: "tampered" })));
    expect(answer.location).toBe(`${ORIGIN}/account/login?c=PARTNER_1`);
  });

  it("sends a live session straight back to its page and clears nothing, so a link here cannot sign anyone out", async () => {
    const { token } = await makeCustomer(db());
    const answer = outcome(await loginRequired(get(fromPage("/account/orders?page=2"), { Token: token, signed_in: "1" })));
    expect(answer.status).toBe(307);
    expect(answer.rawLocation).toBe("/account/orders?page=2");
    expect(answer.cookies.size).toBe(0);
    expect(await findSessionByToken(token)).not.toBeNull();
  });

  it("clears no cookie the browser did not send (a visitor from another site sends none)", async () => {
    const answer = outcome(await loginRequired(get(fromPage("/account/user"))));
    expect(new URL(answer.location ?? "", ORIGIN).pathname).toBe("/account/login");
    expect(answer.cookies.get("login_return_path")?.value).toBe("/account/user");
    expect(answer.cookies.has("Token")).toBe(false);
    expect(answer.cookies.has("signed_in")).toBe(false);
  });

  it.each(["//evil.example", "/..//evil.example", "https://evil.example/account/user", ""])(
    "remembers no way back to %j, and never leaves the site",
    async (page) => {
      const { token } = await makeCustomer(db());
      for (const cookies of [{ Token: "tampered" }, { Token: token }]) {
        const answer = outcome(await loginRequired(get(fromPage(page), cookies)));
        expect(new URL(answer.location ?? "", ORIGIN).origin).toBe(ORIGIN);
        expect(answer.cookies.has("login_return_path")).toBe(false);
      }
    },
  );
});
