// @vitest-environment node
import { expect, it } from "vitest";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { profileResponseSchema } from "@/lib/schemas/user";
import { dataOf, read } from "@/test/support/answer";
import { apiRequest, makeCustomer } from "@/test/support/shop";
import { GET as profile } from "./route";

describeEachEngine("the operator flag in the profile on $name", (engine) => {
  const db = databaseForSuite(engine);
  const profileOf = async (token: string) => read(await profile(apiRequest("GET", "/api/v1/c/user/profile", undefined, { token })));

  it("tells an operator, and says nothing to a customer", async () => {
    const admin = await makeCustomer(db(), { role: "admin" });
    const customer = await makeCustomer(db());
    expect(profileResponseSchema.parse(dataOf(await profileOf(admin.token))).user.isAdmin).toBe(true);
    const answer = dataOf(await profileOf(customer.token)) as { user: Record<string, unknown> };
    expect(answer.user).not.toHaveProperty("isAdmin");
    expect(answer.user).not.toHaveProperty("role");
  });
});
