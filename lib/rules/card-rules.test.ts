import { describe, expect, it } from "vitest";
import { cardInputSchema } from "@/lib/schemas/order";
import { CARD_MESSAGES, cardDigits, parseExpiry, readCard, type CardFields } from "./card-rules";

const typed: CardFields = { number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: " 123 ", name: " Ada Lovelace " };

describe("parseExpiry", () => {
  it.each([
    ["12/30", { expMonth: 12, expYear: 2030 }],
    [" 1 / 2031 ", { expMonth: 1, expYear: 2031 }],
    ["07/2099", { expMonth: 7, expYear: 2099 }],
  ])("reads %j", (value, expiry) => {
    expect(parseExpiry(value)).toEqual(expiry);
  });

  it.each(["", "13/30", "0/30", "12-30", "12/3", "1230", "12/030"])("refuses %j", (value) => {
    expect(parseExpiry(value)).toBeNull();
  });
});

describe("readCard", () => {
  it("gives the card the API takes: digits only, trimmed code and name", () => {
    expect(readCard(typed)).toEqual({
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada Lovelace" },
    });
    expect(cardDigits("4242-4242 4242-4242")).toBe("4242424242424242");
  });

  it("says what is wrong with each field at once", () => {
    expect(readCard({ number: "4242", expiry: "13/30", cvc: "12", name: "  " })).toEqual({
      errors: { number: CARD_MESSAGES.number, expiry: CARD_MESSAGES.expiry, cvc: CARD_MESSAGES.cvc, name: CARD_MESSAGES.name },
    });
  });

  it("refuses a year and a name the server would refuse, in the server's words", () => {
    expect(readCard({ ...typed, expiry: "12/2150" })).toEqual({ errors: { expiry: CARD_MESSAGES.expYear } });
    expect(readCard({ ...typed, name: "A".repeat(101) })).toEqual({ errors: { name: CARD_MESSAGES.nameLength } });
  });
});

describe("cardInputSchema, by the same rules", () => {
  it("accepts the card readCard gives", () => {
    const read = readCard(typed);
    if (!("card" in read)) throw new Error("the card was refused");
    expect(cardInputSchema.parse(read.card)).toEqual(read.card);
  });

  it.each([
    [{ number: "4242" }, "number", CARD_MESSAGES.number],
    [{ number: "4242 4242 4242 4242 4242" }, "number", CARD_MESSAGES.number],
    [{ expMonth: 13 }, "expMonth", CARD_MESSAGES.expMonth],
    [{ expYear: 2150 }, "expYear", CARD_MESSAGES.expYear],
    [{ cvc: "12" }, "cvc", CARD_MESSAGES.cvc],
    [{ name: " " }, "name", CARD_MESSAGES.name],
    [{ name: "A".repeat(101) }, "name", CARD_MESSAGES.nameLength],
  ])("refuses %j under %s with the form's message", (change, path, message) => {
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", name: "Ada", ...change };
    const result = cardInputSchema.safeParse(card);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[path, message]]);
  });

  it("takes a number typed with spaces and hyphens", () => {
    expect(cardInputSchema.parse({ number: "4242-4242 4242 4242", expMonth: 1, expYear: 2031, cvc: "1234", name: "Ada" }).number).toBe(
      "4242424242424242",
    );
  });
});
