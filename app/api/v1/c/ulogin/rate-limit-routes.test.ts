// @vitest-environment node
import { randomInt, randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TRUSTED_DEVICE } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { sessions, users } from "@/lib/db/schema";
import { hashPassword } from "@/lib/server/auth/password";
import { hashToken } from "@/lib/server/auth/session";
import { codeInMail, newestMailTo } from "@/lib/server/mail/outbox-reader";
import { read } from "@/test/support/answer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";
import { POST as reset } from "./reset/route";
import { POST as sendCode } from "./send/code/route";

// Brute-force protection seen from outside: the real routes on a real database, the limits in this
// process's memory (the default). Each test uses accounts and addresses of its own.

const PASSWORD = "blue heron 7731";
const WRONG = "not the password";
const outbox = path.resolve(".data/outbox");

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://shop.test/api/v1/c${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });
}

/** What a client sees of a throttled call: the answer's status and message, and the headers. */
interface Outcome {
  status: number;
  errmsg: string;
  retryAfter: string | null;
  setCookies: string[];
  token: string | null;
}

async function outcome(response: Response): Promise<Outcome> {
  const { status, body } = await read<{ token?: string }>(response);
  return {
    status,
    errmsg: body.errmsg,
    retryAfter: response.headers.get("retry-after"),
    setCookies: response.headers.getSetCookie(),
    token: body.data?.token ?? null,
  };
}

async function attempt(email: string, password: string, headers: Record<string, string> = {}) {
  return outcome(await login(post("/ulogin/login", { email, password }, headers)));
}

/** The cookie header a browser would send back to the login group after `setCookies`. */
function deviceCookieFrom(setCookies: string[]): string {
  const device = setCookies.find((value) => value.startsWith(`${TRUSTED_DEVICE.cookie}=`)) ?? "";
  return device.slice(0, device.indexOf(";"));
}

let clock = Date.now();
function useClock() {
  clock = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
}
function advance(seconds: number) {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
}

afterEach(() => {
  vi.useRealTimers();
});

const throttled = (wait: string, retryAfter: string) => ({
  status: 429,
  errmsg: `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  retryAfter,
});

describeEachEngine("login rate limits on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function newAccount(): Promise<{ email: string; id: string }> {
    const email = `owner-${randomUUID()}@example.com`;
    const [row] = await db()
      .db.insert(users)
      .values({ email, passwordHash: await hashPassword(PASSWORD) })
      .returning();
    if (!row) throw new Error("no user");
    return { email, id: row.id };
  }

  it("makes failures after the fourth wait longer and longer, with a 429 and Retry-After", async () => {
    useClock();
    const { email } = await newAccount();
    for (let i = 0; i < 5; i += 1) expect((await attempt(email, WRONG)).status).toBe(401);
    expect(await attempt(email, WRONG)).toMatchObject(throttled("2 seconds", "2"));
    // While the wait lasts, not even the right password is checked.
    expect(await attempt(email, PASSWORD)).toMatchObject(throttled("2 seconds", "2"));
    advance(2);
    expect((await attempt(email, WRONG)).status).toBe(401);
    expect(await attempt(email, WRONG)).toMatchObject(throttled("4 seconds", "4"));
    advance(4);
    expect((await attempt(email, PASSWORD)).status).toBe(200);
    // A success starts the count again.
    for (let i = 0; i < 5; i += 1) expect((await attempt(email, WRONG)).status).toBe(401);
  });

  it("throttles an unknown e-mail exactly like a known one", async () => {
    useClock();
    const known = (await newAccount()).email;
    const unknown = `nobody-${randomUUID()}@example.com`;
    const run = async (email: string) => {
      const seen: Omit<Outcome, "setCookies" | "token">[] = [];
      for (let i = 0; i < 7; i += 1) {
        const { status, errmsg, retryAfter } = await attempt(email, WRONG);
        seen.push({ status, errmsg, retryAfter });
        if (i === 5) advance(2);
      }
      return seen;
    };
    const knownAnswers = await run(known);
    expect(knownAnswers.map((seen) => seen.status)).toEqual([401, 401, 401, 401, 401, 429, 401]);
    expect(await run(unknown)).toEqual(knownAnswers);
  });

  it("lets the owner's browser, known by its device cookie, in while the account is under attack", async () => {
    useClock();
    const owner = await newAccount();
    const first = await attempt(owner.email, PASSWORD);
    expect(first.status).toBe(200);
    const device = first.setCookies.find((value) => value.startsWith(`${TRUSTED_DEVICE.cookie}=`)) ?? "";
    for (const part of ["HttpOnly", "SameSite=Strict", "Path=/api/v1/c/ulogin", "Max-Age=15552000"]) expect(device).toContain(part);
    const cookie = deviceCookieFrom(first.setCookies);

    for (let i = 0; i < 5; i += 1) await attempt(owner.email, WRONG);
    expect((await attempt(owner.email, PASSWORD)).status).toBe(429);
    // The owner's browser: a typo counts for that browser alone, the right password gets in.
    expect((await attempt(owner.email, WRONG, { cookie })).status).toBe(401);
    const back = await attempt(owner.email, PASSWORD, { cookie });
    expect(back.status).toBe(200);
    expect(deviceCookieFrom(back.setCookies)).not.toBe("");

    // Another account's device cookie, or a forged one, is no way around the limit.
    const other = await newAccount();
    const otherCookie = deviceCookieFrom((await attempt(other.email, PASSWORD)).setCookies);
    expect((await attempt(owner.email, PASSWORD, { cookie: otherCookie })).status).toBe(429);
    const [body = "", signature = ""] = cookie.slice(cookie.indexOf("=") + 1).split(".");
    const forged = `${TRUSTED_DEVICE.cookie}=${body}.${signature.split("").reverse().join("")}`;
    expect((await attempt(owner.email, PASSWORD, { cookie: forged })).status).toBe(429);
  });

  it("never allows more than 100 failures per account in an hour, even sent all at once", async () => {
    useClock();
    const owner = await newAccount();
    const cookie = deviceCookieFrom((await attempt(owner.email, PASSWORD)).setCookies);
    const burst = await Promise.all(Array.from({ length: 120 }, () => attempt(owner.email, WRONG)));
    expect(burst.filter((seen) => seen.status === 401)).toHaveLength(100);
    expect(burst.filter((seen) => seen.status === 429)).toHaveLength(20);
    // The growing wait is at most 15 minutes; the hourly cap still holds after it.
    advance(16 * 60);
    const later = await attempt(owner.email, PASSWORD);
    expect(later).toMatchObject({ status: 429, errmsg: expect.stringContaining("44 minutes") });
    expect(Number(later.retryAfter)).toBeGreaterThan(15 * 60);
    expect((await attempt(owner.email, PASSWORD, { cookie })).status).toBe(200);
    advance(45 * 60);
    expect((await attempt(owner.email, PASSWORD)).status).toBe(200);
  });

  it("a password reset lifts the account's limits at once", async () => {
    const owner = await newAccount();
    for (let i = 0; i < 6; i += 1) await attempt(owner.email, WRONG);
    expect((await attempt(owner.email, PASSWORD)).status).toBe(429);
    expect((await sendCode(post("/ulogin/send/code", { email: owner.email, purpose: "reset" }))).status).toBe(200);
    const code = codeInMail(await newestMailTo(outbox, owner.email));
    const newPassword = "new heron 8842";
    expect((await reset(post("/ulogin/reset", { email: owner.email, code, password: newPassword }))).status).toBe(200);
    expect((await attempt(owner.email, newPassword)).status).toBe(200);
  });

  describe("with one trusted proxy", () => {
    const ip = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const through = (address: string) => ({ "x-forwarded-for": `203.0.113.66, ${address}` });
    const withProxy = async (run: () => Promise<void>) => {
      const before = env.TRUSTED_PROXY_HOPS;
      env.TRUSTED_PROXY_HOPS = 1;
      try {
        await run();
      } finally {
        env.TRUSTED_PROXY_HOPS = before;
      }
    };

    it("records the address the proxy saw, and by default believes no forwarding header", async () => {
      const { email } = await newAccount();
      const forged = await attempt(email, PASSWORD, through("192.0.2.10"));
      const [unproxied] = await db()
        .db.select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(forged.token ?? "")));
      expect(unproxied?.ip).toBeNull();
      await withProxy(async () => {
        const address = ip();
        const proxied = await attempt(email, PASSWORD, through(address));
        const [row] = await db()
          .db.select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(proxied.token ?? "")));
        expect(row?.ip).toBe(address);
      });
    });

    it("lets one address ask for 20 codes an hour", async () => {
      // Without SMTP every code is also printed to the log.
      vi.spyOn(console, "info").mockImplementation(() => undefined);
      await withProxy(async () => {
        const address = ip();
        for (let i = 0; i < 20; i += 1) {
          const response = await sendCode(
            post("/ulogin/send/code", { email: `code-${randomUUID()}@example.com`, purpose: "register" }, through(address)),
          );
          expect(response.status).toBe(200);
        }
        const refused = await outcome(
          await sendCode(post("/ulogin/send/code", { email: `code-${randomUUID()}@example.com`, purpose: "register" }, through(address))),
        );
        expect(refused).toMatchObject({
          status: 429,
          errmsg: "Too many codes have been requested. Please wait 1 hour and try again.",
          retryAfter: "3600",
        });
        const elsewhere = await sendCode(
          post("/ulogin/send/code", { email: `code-${randomUUID()}@example.com`, purpose: "register" }, through(ip())),
        );
        expect(elsewhere.status).toBe(200);
      });
    });

    it("stops an address that tries 30 wrong codes in an hour, at register and reset alike", async () => {
      await withProxy(async () => {
        const address = ip();
        for (let i = 0; i < 30; i += 1) {
          const body = { email: `guess-${randomUUID()}@example.com`, code: "123456", password: "river stones 42" };
          expect((await (i % 2 ? register : reset)(post(`/ulogin/${i % 2 ? "register" : "reset"}`, body, through(address)))).status).toBe(
            400,
          );
        }
        const body = { email: `guess-${randomUUID()}@example.com`, code: "123456", password: "river stones 42" };
        for (const [route, url] of [
          [register, "/ulogin/register"],
          [reset, "/ulogin/reset"],
        ] as const) {
          expect(await outcome(await route(post(url, body, through(address))))).toMatchObject({
            status: 429,
            errmsg: "Too many wrong codes were entered. Please wait 1 hour and try again.",
            retryAfter: "3600",
          });
        }
        expect((await register(post("/ulogin/register", body, through(ip())))).status).toBe(400);
      });
    });
  });
});
