// @vitest-environment node
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { hashPassword } from "@/lib/server/auth/password";
import { read } from "@/test/support/answer";
import { POST as login } from "../login/route";
import { POST as save } from "./route";
import { GET as profile } from "../../user/profile/route";

const address = { fullName: "Ada Park", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" };

function request(path: string, body: unknown, token?: string) {
  return new Request(`http://shop.test/api/v1/c${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
}

describeEachEngine("saving the profile on $name", (engine) => {
  const db = databaseForSuite(engine);
  const email = `profile-${randomUUID()}@example.com`;
  const password = "original phrase one";

  async function signIn(withPassword = password) {
    const result = await read(await login(request("/ulogin/login", { email, password: withPassword })));
    return (result.body.data as { token: string } | null)?.token ?? null;
  }

  beforeAll(async () => {
    await db()
      .db.insert(users)
      .values({ email, passwordHash: await hashPassword(password) });
  });

  it("saves name, phone and a US default address, and shows them in the profile", async () => {
    const token = await signIn();
    const saved = await read(
      await save(request("/ulogin/save", { username: "Ada", phone: "713 555 0100", defaultAddress: address }, token ?? "")),
    );
    expect(saved.status).toBe(200);
    const shown = await read(await profile(new Request("http://shop.test/x", { headers: { token: token ?? "" } })));
    expect(shown.body.data).toMatchObject({ user: { username: "Ada", phone: "713 555 0100", defaultAddress: address } });
  });

  it("refuses an address outside the US rules, naming the field", async () => {
    const token = await signIn();
    const badZip = await read(await save(request("/ulogin/save", { defaultAddress: { ...address, zip: "7700" } }, token ?? "")));
    expect(badZip.status).toBe(422);
    expect(badZip.body.errmsg).toMatch(/^defaultAddress\.zip: /);
    const badState = await read(await save(request("/ulogin/save", { defaultAddress: { ...address, state: "ZZ" } }, token ?? "")));
    expect(badState.body.errmsg).toMatch(/^defaultAddress\.state: Choose a US state\.$/);
  });

  it("needs a session", async () => {
    expect((await save(request("/ulogin/save", { username: "X" }))).status).toBe(401);
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const keep = await signIn();
    const other = await signIn();
    const wrong = await read(
      await save(request("/ulogin/save", { currentPassword: "not it at all", newPassword: "brand new phrase" }, keep ?? "")),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errmsg).toBe("currentPassword: The current password is not correct.");
    const missing = await read(await save(request("/ulogin/save", { newPassword: "brand new phrase" }, keep ?? "")));
    expect(missing.body.errmsg).toMatch(/^currentPassword: /);

    const changed = await save(request("/ulogin/save", { currentPassword: password, newPassword: "brand new phrase" }, keep ?? ""));
    expect(changed.status).toBe(200);
    expect((await profile(new Request("http://shop.test/x", { headers: { token: keep ?? "" } }))).status).toBe(200);
    expect((await profile(new Request("http://shop.test/x", { headers: { token: other ?? "" } }))).status).toBe(401);
    expect(await signIn()).toBeNull();
    expect(await signIn("brand new phrase")).not.toBeNull();
  });
});
