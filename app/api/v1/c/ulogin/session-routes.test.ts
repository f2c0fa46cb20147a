// @vitest-environment node
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { sessions, users } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { hashPassword } from "@/lib/server/auth/password";
import { hashToken } from "@/lib/server/auth/session";
import { read } from "@/test/support/answer";
import { eq } from "drizzle-orm";
import { POST as login } from "./login/route";
import { POST as logout } from "./logout/route";
import { GET as profile } from "../user/profile/route";

const customer = DEMO_ACCOUNTS[0];
const base = "http://shop.test/api/v1/c";

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });
}

async function signIn(email: string = customer.email, password: string = customer.password) {
  const response = await login(postJson("/ulogin/login", { email, password }));
  const { body } = await read(response.clone());
  return { response, body, token: (body.data as { token: string }).token };
}

describeEachEngine("session calls on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("logs in with the right password: token, user and a strict HttpOnly cookie", async () => {
    const { response, body, token } = await signIn(`  ${customer.email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({ user: { email: customer.email, username: customer.username, membership: null } });
    expect(JSON.stringify(body)).not.toContain("argon2");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`Token=${token}`);
    for (const part of ["Max-Age=86400", "Path=/", "HttpOnly", "SameSite=Strict"]) expect(cookie).toContain(part);
    // Only the hash of the token is stored.
    const stored = await db()
      .db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const wrong = await read(await login(postJson("/ulogin/login", { email: customer.email, password: "not-the-password" })));
    const unknown = await read(
      await login(postJson("/ulogin/login", { email: `nobody-${randomUUID()}@example.com`, password: "not-the-password" })),
    );
    expect(wrong).toEqual({ status: 401, body: { code: 401, data: null, errmsg: "The e-mail or password is incorrect." } });
    expect(unknown).toEqual(wrong);
  });

  it("refuses a malformed login body, naming the field", async () => {
    const { status, body } = await read(await login(postJson("/ulogin/login", { email: "not-an-email", password: "x" })));
    expect(status).toBe(422);
    expect(body.errmsg).toMatch(/^email: /);
    const extra = await read(await login(postJson("/ulogin/login", { email: customer.email, password: "x", admin: true })));
    expect(extra.status).toBe(422);
  });

  it("a new login is a new session", async () => {
    const first = await signIn();
    const second = await signIn();
    expect(first.token).not.toBe(second.token);
  });

  it("shows the profile to the session's owner, by cookie or by Token header", async () => {
    const { token } = await signIn();
    const byCookie = await read(await profile(new Request(`${base}/user/profile`, { headers: { cookie: `Token=${token}` } })));
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.data).toMatchObject({ user: { email: customer.email } });
    const byHeader = await read(await profile(new Request(`${base}/user/profile`, { headers: { token } })));
    expect(byHeader.body.data).toEqual(byCookie.body.data);
  });

  it("answers 401 for no token, a forged one, an expired one, and a header that disagrees with the cookie", async () => {
    const { token } = await signIn();
    const other = (await signIn()).token;
    const attempts: Record<string, string>[] = [
      {},
      { token: "A".repeat(43) },
      { token: "not a token" },
      { cookie: `Token=${token}`, token: other },
    ];
    for (const headers of attempts) {
      const { status, body } = await read(await profile(new Request(`${base}/user/profile`, { headers })));
      expect(status).toBe(401);
      expect(body.data).toBeNull();
    }
    await db()
      .db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await profile(new Request(`${base}/user/profile`, { headers: { token } }))).status).toBe(401);
  });

  it("clears the cookies of a session the server refused, and sets none for a caller who sent none", async () => {
    const cleared = (response: Response) => response.headers.getSetCookie().map((value) => value.split(";")[0]);
    const { token } = await signIn();
    const anonymous = await profile(new Request(`${base}/user/profile`));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie()).toEqual([]);

    // Revoked (logged out elsewhere), then expired, then forged: each 401 also clears both cookies.
    const revoked = (await signIn()).token;
    await db()
      .db.update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(revoked)));
    await db()
      .db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    for (const cookie of [`Token=${revoked}; signed_in=1`, `Token=${token}`, `Token=${"A".repeat(43)}`, "signed_in=1"]) {
      const response = await profile(new Request(`${base}/user/profile`, { headers: { cookie } }));
      expect(response.status).toBe(401);
      expect(cleared(response)).toEqual(["Token=", "signed_in="]);
      expect(response.headers.getSetCookie().every((value) => value.includes("Max-Age=0"))).toBe(true);
    }
  });

  it("logout revokes the session on the server and clears the cookie", async () => {
    const { token } = await signIn();
    const response = await logout(postJson("/ulogin/logout", {}, { cookie: `Token=${token}` }));
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^Token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/);
    expect((await profile(new Request(`${base}/user/profile`, { headers: { token } }))).status).toBe(401);
    // Without a session it still clears the browser's cookie.
    expect((await logout(postJson("/ulogin/logout", {}))).status).toBe(200);
  });

  it("refuses a logout posted from another site", async () => {
    const { token } = await signIn();
    const response = await logout(postJson("/ulogin/logout", {}, { cookie: `Token=${token}`, "sec-fetch-site": "cross-site" }));
    expect(response.status).toBe(403);
    expect((await profile(new Request(`${base}/user/profile`, { headers: { token } }))).status).toBe(200);
  });

  it("never signs in an account without a password (Google-only) by password", async () => {
    const email = `google-only-${randomUUID()}@example.com`;
    await db().db.insert(users).values({ email });
    expect((await login(postJson("/ulogin/login", { email, password: "anything-at-all" }))).status).toBe(401);
    const withPassword = `has-password-${randomUUID()}@example.com`;
    await db()
      .db.insert(users)
      .values({ email: withPassword, passwordHash: await hashPassword("a long passphrase") });
    expect((await login(postJson("/ulogin/login", { email: withPassword, password: "a long passphrase" }))).status).toBe(200);
  });
});
