import { describe, expect, it } from "vitest";
import { SANDBOX_CARDS, cardBrand, findSandboxCard, groupCardNumber, isExpired, passesLuhn } from "./sandbox-cards";

describe("card checks", () => {
  it("accepts numbers with a valid Luhn digit and refuses one digit off", () => {
    for (const card of SANDBOX_CARDS) expect(passesLuhn(card.number)).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("79927398713")).toBe(false); // too short for a card
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("4242-4242")).toBe(false);
  });

  it("names the brand from the first digits", () => {
    expect(cardBrand("4242424242424242")).toBe("Visa");
    expect(cardBrand("5555555555554444")).toBe("Mastercard");
    expect(cardBrand("2223003122003222")).toBe("Mastercard");
    expect(cardBrand("378282246310005")).toBe("American Express");
    expect(cardBrand("6011111111111117")).toBe("Discover");
    expect(cardBrand("9000000000000000")).toBe("Card");
  });

  it("treats a card as valid through the last day of its expiry month", () => {
    const now = new Date("2026-03-31T23:00:00Z");
    expect(isExpired(3, 2026, now)).toBe(false);
    expect(isExpired(2, 2026, now)).toBe(true);
    expect(isExpired(12, 2025, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
  });

  it("documents each test card's outcome", () => {
    expect(findSandboxCard("4242424242424242")?.outcome).toBe("succeed");
    expect(findSandboxCard("4000000000000002")?.outcome).toBe("decline");
    expect(findSandboxCard("4000000000009995")?.outcome).toBe("insufficient_funds");
    expect(findSandboxCard("4000000000000119")?.outcome).toBe("processing_error");
    expect(findSandboxCard("4111111111111111")).toBeNull();
    expect(groupCardNumber("4000000000000119")).toBe("4000 0000 0000 0119");
  });
});
