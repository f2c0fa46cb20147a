// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { TEXT_MESSAGES } from "@/lib/schemas/text";
import { apiRoutesOf, loadRouteExports } from "@/test/support/api-routes";
import { inputLeaves, STRING_LEAF_TYPES, UNCHECKED_LEAF_TYPES, usesTextRule, type InputLeaf } from "@/test/support/fuzz/zod-input";
import { read, type Answer } from "@/test/support/answer";
import { boughtOrder } from "@/test/support/after-sale";
import { apiRequest, HOUSTON, makeCustomer, makeProduct, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as saveProfile } from "@/app/api/v1/c/ulogin/save/route";
import { PUT as editOrder } from "@/app/api/v1/c/merchandise/order/edit/route";
import { POST as buyNow } from "@/app/api/v1/c/merchandise/order/add/route";
import { GET as productDetail } from "@/app/api/v1/c/merchandise/detail/route";
import { POST as shipOrder } from "@/app/api/v1/admin/orders/ship/route";
import { POST as cancelAsOperator } from "@/app/api/v1/admin/orders/cancel/route";
import { GET as listOrdersAsOperator } from "@/app/api/v1/admin/orders/list/route";

// Every string a caller sends goes through the one text rule (lib/schemas/text.ts) before anything
// reads it: walked here over every route's body and query schema, found on disk, so a field added
// tomorrow with a bare z.string() fails this test the day it lands.

const routes = apiRoutesOf(await loadRouteExports());

interface RouteLeaf extends InputLeaf {
  route: string;
}

const leaves: RouteLeaf[] = routes.flatMap((route) =>
  route.handlers.flatMap(({ method, declared }) =>
    (["body", "query"] as const).flatMap((part) => {
      const schema = declared[part];
      return schema ? inputLeaves(schema).map((leaf) => ({ ...leaf, route: `${method} ${route.path} ${part}` })) : [];
    }),
  ),
);
const stringLeaves = leaves.filter((leaf) => STRING_LEAF_TYPES.has(leaf.schema._zod.def.type));

describe("the input of every route", () => {
  it("has string fields to check", () => {
    expect(stringLeaves.length).toBeGreaterThan(30);
  });

  it("has no field that takes anything at all", () => {
    const open = leaves.filter((leaf) => UNCHECKED_LEAF_TYPES.has(leaf.schema._zod.def.type));
    expect(open.map((leaf) => `${leaf.route}: ${leaf.path} (${leaf.schema._zod.def.type})`)).toEqual([]);
  });

  it("sends every string field through the shared text rule", () => {
    const bare = stringLeaves.filter((leaf) => !usesTextRule(leaf.schema));
    expect(bare.map((leaf) => `${leaf.route}: ${leaf.path}`)).toEqual([]);
  });

  it.each(stringLeaves)("$route $path refuses a NUL and a lone surrogate", ({ schema }) => {
    for (const value of ["a\u0000b", "\ud800", "ab\udfff"]) {
      expect(schema["~standard"].validate(value), JSON.stringify(value)).toMatchObject({ issues: expect.any(Array) });
    }
  });
});

// The calls the outside review saw answer 500 for a NUL or a lone surrogate, each a 422 on the field now.
describeEachEngine("a NUL or a lone surrogate in a field, on $name", (engine) => {
  const db = databaseForSuite(engine);
  let customer: Customer;
  let operator: Customer;

  beforeAll(async () => {
    customer = await makeCustomer(db(), { address: HOUSTON });
    operator = await makeCustomer(db(), { role: "admin" });
  });

  function expectRefusedOn(answer: Answer, path: string, message: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toMatchObject({ code: 422, data: null, errmsg: `${path}: ${message}` });
    expect(answer.body.errors).toContainEqual({ path, message });
  }

  it("in a profile's address is a 422 on that line", async () => {
    const body = { defaultAddress: { ...HOUSTON, line1: "1200 Main\u0000St" } };
    const answer = await read(await saveProfile(apiRequest("POST", "/api/v1/c/ulogin/save", body, { token: customer.token })));
    expectRefusedOn(answer, "defaultAddress.line1", TEXT_MESSAGES.singleLine);
  });

  it("in a pending order's new address is a 422, and the order keeps its address", async () => {
    const skuNum = await makeProduct(db());
    const added = await read<{ orderId: string }>(
      await buyNow(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum, quantity: 1 }, { token: customer.token })),
    );
    const orderId = added.body.data?.orderId;
    const body = { orderId, shippingAddress: { ...HOUSTON, fullName: "Ada \ud800Park" } };
    const answer = await read(await editOrder(apiRequest("PUT", "/api/v1/c/merchandise/order/edit", body, { token: customer.token })));
    expectRefusedOn(answer, "shippingAddress.fullName", TEXT_MESSAGES.notUnicode);
  });

  it("in a product sku, asked by anyone, is a 422 on sku", async () => {
    const answer = await read(await productDetail(apiRequest("GET", "/api/v1/c/merchandise/detail?sku=a%00b")));
    expectRefusedOn(answer, "sku", TEXT_MESSAGES.singleLine);
  });

  it("in an operator's carrier, cancel reason or search is a 422 on that field", async () => {
    const { orderId } = await boughtOrder(db(), customer, operator, { until: "paid" });
    const ship = { orderId, carrier: "UPS\u0000", trackingNumber: "1Z999AA10123456784" };
    expectRefusedOn(
      await read(await shipOrder(apiRequest("POST", "/api/v1/admin/orders/ship", ship, { token: operator.token }))),
      "carrier",
      TEXT_MESSAGES.singleLine,
    );
    const cancel = { orderId, reason: "Customer asked.\u0000" };
    expectRefusedOn(
      await read(await cancelAsOperator(apiRequest("POST", "/api/v1/admin/orders/cancel", cancel, { token: operator.token }))),
      "reason",
      TEXT_MESSAGES.multiLine,
    );
    expectRefusedOn(
      await read(await listOrdersAsOperator(apiRequest("GET", "/api/v1/admin/orders/list?q=ada%00", undefined, { token: operator.token }))),
      "q",
      TEXT_MESSAGES.singleLine,
    );
  });

  it("a multi-line field keeps its line breaks", async () => {
    const { orderId } = await boughtOrder(db(), customer, operator, { until: "paid" });
    const cancel = { orderId, reason: "Customer asked.\r\nRefund in full." };
    const answer = await read(await cancelAsOperator(apiRequest("POST", "/api/v1/admin/orders/cancel", cancel, { token: operator.token })));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
