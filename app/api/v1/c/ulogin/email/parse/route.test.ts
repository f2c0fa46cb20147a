// @vitest-environment node
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { emailLinkToken } from "@/lib/server/auth/email-links";
import { signValue } from "@/lib/server/base/signed";
import { linkInMail } from "@/lib/server/mail/outbox-reader";
import { deliveredMailTo } from "@/test/support/mail";
import { read } from "@/test/support/answer";
import { POST as sendCode } from "../../send/code/route";
import { GET as parse } from "./route";

// SMTP_URL is unset in tests, so messages land in the default outbox folder.
const outbox = path.resolve(".data/outbox");

async function parseQuery(query: string) {
  return read(await parse(new Request(`http://shop.test/api/v1/c/ulogin/email/parse?${query}`)));
}

const parseToken = (token: string) => parseQuery(new URLSearchParams({ token }).toString());

const noLongerValid = {
  status: 400,
  body: {
    code: 400,
    data: null,
    errmsg: "This link is no longer valid. Links in our e-mails work for 10 minutes: enter your e-mail address to get a new code.",
  },
};

describeEachEngine("GET /ulogin/email/parse on $name", (engine) => {
  databaseForSuite(engine);

  it("reads the link of a code e-mail: the address and what the code is for", async () => {
    const email = `link-${randomUUID()}@example.com`;
    await sendCode(
      new Request("http://shop.test/api/v1/c/ulogin/send/code", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, purpose: "register" }),
      }),
    );
    const link = linkInMail(await deliveredMailTo(outbox, email));
    expect(link).toMatch(/^http:\/\/localhost:3000\/account\/register\?link=/);
    const answer = await parseQuery(new URL(link ?? "http://none").search.replace("?link=", "token="));
    expect(answer).toEqual({ status: 200, body: { code: 200, data: { email, purpose: "register" }, errmsg: "" } });
  });

  it("answers the same way for an address with an account and one without", async () => {
    const owner = DEMO_ACCOUNTS[0].email;
    const stranger = `link-${randomUUID()}@example.com`;
    expect(await parseToken(emailLinkToken(owner, "reset"))).toEqual({
      status: 200,
      body: { code: 200, data: { email: owner, purpose: "reset" }, errmsg: "" },
    });
    expect(await parseToken(emailLinkToken(stranger, "reset"))).toEqual({
      status: 200,
      body: { code: 200, data: { email: stranger, purpose: "reset" }, errmsg: "" },
    });
    // A bad link says the same whoever it names.
    for (const email of [owner, stranger]) {
      const [body] = emailLinkToken(email, "reset").split(".");
      expect(await parseToken(`${body}.${"A".repeat(43)}`)).toEqual(noLongerValid);
    }
  });

  it("refuses a forged or altered token", async () => {
    const token = emailLinkToken("someone@example.com", "register");
    const [body = "", signature = ""] = token.split(".");
    const altered = Buffer.from(Buffer.from(body, "base64url").toString("utf8").replace("someone@", "victim@")).toString("base64url");
    expect(await parseToken(`${altered}.${signature}`)).toEqual(noLongerValid);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await parseToken(`${body}.${flipped}`)).toEqual(noLongerValid);
  });

  it("refuses an expired token", async () => {
    const expired = signValue("email-link", { email: "someone@example.com", purpose: "register" }, -1);
    expect(await parseToken(expired)).toEqual(noLongerValid);
  });

  it("refuses a value signed for another purpose, or one whose content is not a link's", async () => {
    expect(await parseToken(signValue("trusted-device", { email: "someone@example.com", purpose: "register" }, 600))).toEqual(
      noLongerValid,
    );
    expect(await parseToken(signValue("email-link", { email: "someone@example.com", purpose: "login" }, 600))).toEqual(noLongerValid);
    expect(await parseToken(signValue("email-link", { email: "not an address", purpose: "reset" }, 600))).toEqual(noLongerValid);
  });

  it("refuses a malformed token", async () => {
    for (const token of ["abc", "a.b.c", "....", "%%%.###"]) {
      expect(await parseToken(token)).toEqual(noLongerValid);
    }
  });

  it("validates the query strictly, naming the field", async () => {
    const token = emailLinkToken("someone@example.com", "register");
    const extra = await parseQuery(`${new URLSearchParams({ token, email: "other@example.com" }).toString()}`);
    expect(extra).toMatchObject({ status: 422, body: { errmsg: 'query: Unrecognized key: "email"' } });
    const missing = await parseQuery("");
    expect(missing.status).toBe(422);
    expect(missing.body.errmsg).toMatch(/^token: /);
    const empty = await parseQuery("token=");
    expect(empty).toMatchObject({ status: 422, body: { errmsg: "token: The link has no token." } });
    const long = await parseQuery(`token=${"a".repeat(2000)}`);
    expect(long).toMatchObject({ status: 422, body: { errmsg: "token: The link is too long." } });
  });
});
