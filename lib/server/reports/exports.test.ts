// @vitest-environment node
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { orders } from "@/lib/db/schema";
import { GET as afterSaleCsv } from "@/app/api/v1/admin/reports/after-sale/route";
import { GET as forecastCsv } from "@/app/api/v1/admin/reports/filter-forecast/route";
import { GET as membershipsCsv } from "@/app/api/v1/admin/reports/memberships/route";
import { GET as orderLinesCsv } from "@/app/api/v1/admin/reports/order-lines/route";
import { GET as ordersCsv } from "@/app/api/v1/admin/reports/orders/route";
import { apiRequest, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { EXPORT_PAGE_SIZE } from "./exports";

// The overview's downloads through their routes: the operator's only, streamed a page at a time
// with every row once (2,050 orders paid within 3 ms: many share a millisecond, none a microsecond),
// the period in the file's name, and a customer's text kept from running as a formula.

const DAY = "2026-03-10";
const COUNT = 2 * EXPORT_PAGE_SIZE + 50;
const query = `period=custom&from=${DAY}&to=${DAY}`;

function rows(text: string): string[] {
  return text.split("\r\n").filter((line) => line.length > 0);
}

describeEachEngine("the overview's CSV downloads on $name", (engine) => {
  const database = databaseForSuite(engine);
  let handle: DatabaseHandle;
  let operator: Customer;
  let customer: Customer;
  let sku: string;

  beforeAll(async () => {
    handle = database();
    operator = await makeCustomer(handle, { role: "admin" });
    customer = await makeCustomer(handle);
    sku = await makeProduct(handle);
    // 12:00 UTC on March 10th is 07:00 in Chicago: the day asked for.
    await handle.db.execute(sql`
      insert into orders (user_id, status, subtotal_cents, total_cents, paid_at, stock_held, referral_code)
      select ${customer.id}::uuid, 'paid', 100, 100, timestamptz '2026-03-10 12:00:00+00' + g * interval '1 microsecond', false,
        case when g = 7 then '=HYPERLINK("http://evil.test")' else null end
      from generate_series(1, ${COUNT}) g`);
    await handle.db.execute(sql`
      insert into order_items (order_id, sku, name, images, attributes, spec, quantity, original_price_cents, unit_price_cents, regular_price_cents, line_total_cents)
      select id, ${sku}, 'Test item, "blue"', '[]'::jsonb, '', '[]'::jsonb, 1, 100, 100, 100, 100 from orders where user_id = ${customer.id}::uuid`);
  }, 60_000);

  afterAll(async () => {
    // The worker's PostgreSQL database outlives the suite: orders without a charge must not meet another suite's invariants.
    if (handle) await handle.db.delete(orders).where(eq(orders.userId, customer.id));
  });

  const get = (route: (request: Request) => Promise<Response>, name: string, token: string) =>
    route(apiRequest("GET", `/api/v1/admin/reports/${name}?${query}`, undefined, { token }));

  it("streams every paid order of the period once, in the order they were paid, named with the period", async () => {
    const response = await get(ordersCsv, "orders", operator.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="lenwell-orders-${DAY}_${DAY}.csv"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const [header, ...lines] = rows(await response.text());
    expect(header).toBe(
      "order_id,status,created_at,paid_at,subtotal,shipping,tax,total,refunded,referral_code,shipping_method,ship_to_state",
    );
    expect(lines).toHaveLength(COUNT);
    expect(new Set(lines.map((line) => line.split(",")[0])).size).toBe(COUNT);
    const paidAt = lines.map((line) => line.split(",")[3] ?? "");
    expect([...paidAt].sort()).toEqual(paidAt);
    expect(lines.filter((line) => line.includes("HYPERLINK"))).toEqual([expect.stringContaining(`,"'=HYPERLINK(""http://evil.test"")",`)]);
  });

  it("streams the lines, quoting a name with a comma and quotes", async () => {
    const [header, ...lines] = rows(await (await get(orderLinesCsv, "order-lines", operator.token)).text());
    expect(header).toBe("order_id,paid_at,sku,name,quantity,unit_price,line_total");
    expect(lines).toHaveLength(COUNT);
    expect(lines[0]).toContain(`,${sku},"Test item, ""blue""",1,1.00,1.00`);
  });

  it("answers the other downloads with their headers", async () => {
    expect(rows(await (await get(membershipsCsv, "memberships", operator.token)).text())[0]).toBe(
      "plan_id,kind,sku,status,starts_at,ends_at,auto_renew,cancelled_at,renewal_attempts,created_at",
    );
    expect(rows(await (await get(afterSaleCsv, "after-sale", operator.token)).text())[0]).toBe(
      "request_id,order_id,sku,quantity,type,status,reason,refund,refunded,care_plan_id,created_at",
    );
    const forecast = rows(await (await get(forecastCsv, "filter-forecast", operator.token)).text());
    expect(forecast[0]).toBe("sku,name,stage,in_stock,week_from,week_to,shipments,needed_to_date,short");
    // Three cartridges in the catalogue, twelve weeks each.
    expect(forecast).toHaveLength(1 + 3 * 12);
  });

  it("refuses a customer and a period that is not one", async () => {
    expect((await get(ordersCsv, "orders", customer.token)).status).toBe(403);
    const wrong = await ordersCsv(
      apiRequest("GET", "/api/v1/admin/reports/orders?period=custom&from=2026-03-10&to=2026-03-01", undefined, { token: operator.token }),
    );
    expect(wrong.status).toBe(422);
  });
});
