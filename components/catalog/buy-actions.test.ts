// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/envelope";
import { resumePurchase } from "./buy-actions";

const api = vi.hoisted(() => ({
  callApi: vi.fn<(method: string, path: string, schema: unknown, options?: { json?: unknown; notify?: boolean }) => Promise<unknown>>(),
}));
vi.mock("@/lib/api/client", () => ({ callApi: api.callApi }));

const cart = {
  cartList: [
    {
      skuNum: "LW-ACC-TDS",
      name: "TDS water-quality tester pen",
      image: [],
      attributes: "",
      spec: [],
      quantity: 2,
      originalPrice: "19.00",
      discountPrice: "15.00",
      stock: 50,
    },
  ],
  shipping: "11.90",
  subTotal: "30.00",
  freeShippingThreshold: "37.00",
  amountToFreeShipping: "7.00",
  count: 2,
};

describe("carrying out a press made before signing in", () => {
  it("adds to the cart through the API, without an alert on the page being left, and says what was added", async () => {
    api.callApi.mockResolvedValueOnce(cart);
    const resumed = await resumePurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 2 });
    expect(api.callApi).toHaveBeenCalledWith("post", "order/cart/add/", expect.anything(), {
      json: { skuNum: "LW-ACC-TDS", quantity: 2 },
      blocking: true,
      notify: false,
    });
    expect(resumed).toEqual({
      destination: null,
      notice: { tone: "success", message: "Added to your cart: TDS water-quality tester pen × 2." },
    });
  });

  it("goes on to the payment page of the new order for Buy now", async () => {
    api.callApi.mockResolvedValueOnce({ orderId: "3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab" });
    const resumed = await resumePurchase({ action: "buy", skuNum: "LW-RO600", quantity: 1 });
    expect(resumed).toEqual({ destination: "/mart/payment?orderId=3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab", notice: null });
  });

  it("says why when the API refuses it (the product was checked again)", async () => {
    api.callApi.mockRejectedValueOnce(new ApiError(409, "TDS water-quality tester pen is out of stock."));
    const resumed = await resumePurchase({ action: "cart", skuNum: "LW-ACC-TDS", quantity: 2 });
    expect(resumed).toEqual({
      destination: null,
      notice: {
        tone: "error",
        message: "What you chose before logging in could not be added. TDS water-quality tester pen is out of stock.",
      },
    });
  });
});
