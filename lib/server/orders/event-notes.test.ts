import { describe, expect, it } from "vitest";
import { afterSaleCompletedNote, paymentNote, refundNote } from "./event-notes";

describe("timeline notes", () => {
  it("write a refund with its currency and the card as the customer knows it", () => {
    expect(refundNote(6162, { brand: "Visa", last4: "4242" })).toBe("$61.62 refunded to Visa ending 4242");
    expect(refundNote(123456, { brand: null, last4: null })).toBe("$1,234.56 refunded to the card it was paid with");
  });

  it("name a payment by its card and the provider's reference, whichever of them is known", () => {
    expect(paymentNote({ card: "Visa •••• 4242", providerRef: "pi_3NxYzAbCdEfGh" })).toBe("Visa •••• 4242 · pi_3NxYzAbCdEfGh");
    expect(paymentNote({ card: null, providerRef: "tp_ch_0f3a9c" })).toBe("tp_ch_0f3a9c");
    expect(paymentNote({ card: "Visa •••• 4242", providerRef: null })).toBe("Visa •••• 4242");
    expect(paymentNote({ card: null, providerRef: null })).toBeNull();
  });

  it("name a completed after-sale request by its number as the site shows it", () => {
    const request = { id: "5e461c55-5d5c-4a8e-9b1a-0c2d3e4f5a6b", type: "return" as const, quantity: 1, name: "Lenwell RO600" };
    expect(afterSaleCompletedNote(request, 6162)).toBe("Return request 5E461C55: 1 × Lenwell RO600, $61.62 refunded");
    expect(afterSaleCompletedNote({ ...request, type: "repair" }, 0)).toBe("Repair request 5E461C55: 1 × Lenwell RO600");
  });
});
