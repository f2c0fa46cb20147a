// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { addressErrorsOf, keepFixedOnly } from "./address-errors";

describe("the payment page's address errors", () => {
  it("takes the first message per address field and ignores other paths", () => {
    expect(
      addressErrorsOf([
        { path: "shippingAddress.zip", message: "Enter a 5-digit ZIP code (or ZIP+4)." },
        { path: "shippingAddress.zip", message: "second" },
        { path: "shippingAddress.city", message: "Enter the city." },
        { path: "card.number", message: "Your card number is incorrect." },
        { path: "shippingAddress", message: "Add a shipping address." },
      ]),
    ).toEqual({ zip: "Enter a 5-digit ZIP code (or ZIP+4).", city: "Enter the city." });
  });

  it("while typing, drops the errors put right and never adds new ones", () => {
    const shown = { zip: "Enter a 5-digit ZIP code (or ZIP+4).", city: "Enter the city." };
    expect(keepFixedOnly(shown, { zip: shown.zip, line1: "Enter the street address." })).toEqual({ zip: shown.zip });
    expect(keepFixedOnly(shown, {})).toEqual({});
    expect(keepFixedOnly({}, { line1: "Enter the street address." })).toEqual({});
    // Nothing changed: the same object, so the form does not render again.
    expect(keepFixedOnly(shown, { ...shown })).toBe(shown);
  });
});
