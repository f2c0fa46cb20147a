// @vitest-environment node
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COOKIES } from "@/lib/config/store";
import { orders } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { centsToAmount } from "@/lib/rules/money";
import { dataOf, read } from "@/test/support/answer";
import { payFor } from "@/test/support/money";
import { apiRequest, HOUSTON, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as cancelRoute } from "@/app/api/v1/c/merchandise/order/cancel/route";
import { operatorReferralReport } from "./referral-report";

describeEachEngine("referral report on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function orderWith(who: Customer, code: string, sku: string): Promise<{ orderId: string; totalCents: number }> {
    const added = await read<{ orderId: string }>(
      await buyNowRoute(
        apiRequest(
          "POST",
          "/api/v1/c/merchandise/order/add",
          { skuNum: sku, quantity: 1 },
          { token: who.token, cookie: `${COOKIES.referral}=${code}` },
        ),
      ),
    );
    const { orderId } = dataOf(added);
    const [row] = await db().db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error("the order was not stored");
    return { orderId, totalCents: row.totalCents };
  }

  it("counts orders and paid orders per code, and revenue as paid totals minus refunds", async () => {
    const code = `ref${randomBytes(4).toString("hex")}`;
    const who = await makeCustomer(db(), { address: HOUSTON });
    const sku = await makeProduct(db(), { stock: 10 });
    const kept = await orderWith(who, code, sku);
    await payFor(who, kept.orderId);
    const refunded = await orderWith(who, code, sku);
    await payFor(who, refunded.orderId);
    expect(
      (
        await read(
          await cancelRoute(apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId: refunded.orderId }, { token: who.token })),
        )
      ).status,
    ).toBe(200);
    await orderWith(who, code, sku); // never paid

    const report = await operatorReferralReport({ role: "admin" });
    expect(report.find((row) => row.code === code)).toEqual({ code, orders: 3, paidOrders: 2, revenue: centsToAmount(kept.totalCents) });
  });

  it("is for operators only", async () => {
    await expect(operatorReferralReport({ role: "customer" })).rejects.toMatchObject({ code: 403 });
  });
});
