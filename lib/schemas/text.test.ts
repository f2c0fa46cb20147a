import { describe, expect, it } from "vitest";
import { multiLineText, singleLineText, TEXT_MESSAGES, uuidText } from "./text";

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("singleLineText", () => {
  const name = singleLineText().trim().min(1, "Enter a name.").max(60);

  it.each([
    ["a NUL", "Ada\u0000Park"],
    ["a tab", "Ada\tPark"],
    ["a line feed", "Ada\nPark"],
    ["a carriage return", "Ada\rPark"],
    ["an escape", "Ada\u001b[31m"],
    ["DEL", "Ada\u007f"],
    ["a C1 control", "Ada\u0085Park"],
    ["a line separator", "Ada\u2028Park"],
  ])("refuses %s with its own message, before the field's other rules", (_, value) => {
    expect(messages(name.safeParse(value))).toEqual([TEXT_MESSAGES.singleLine]);
  });

  it.each([
    ["a lone high surrogate", "Ada\ud800"],
    ["a lone low surrogate", "\udc00Ada"],
    ["a reversed pair", "\udc00\ud800"],
  ])("refuses %s as text that is not Unicode", (_, value) => {
    expect(messages(name.safeParse(value))).toEqual([TEXT_MESSAGES.notUnicode]);
  });

  it.each(["Ada Park", "Zoë O'Brien-Núñez", "李小龍", "Ada 🚰 Park", "  Ada  "])("accepts the printable text %j", (value) => {
    expect(name.safeParse(value).success).toBe(true);
  });

  it("still applies the field's own rules", () => {
    expect(messages(name.safeParse("   "))).toEqual(["Enter a name."]);
    expect(name.safeParse("  Ada  ").data).toBe("Ada");
  });
});

describe("multiLineText", () => {
  const description = multiLineText().trim().min(3);

  it("accepts line breaks and tabs", () => {
    expect(description.safeParse("Cracked housing.\r\nLeaks\tbadly.\nSee photo.").success).toBe(true);
  });

  it.each(["Leaks\u0000", "Leaks\u0007", "Leaks\u000b", "Leaks\u009b"])("refuses the other control characters in %j", (value) => {
    expect(messages(description.safeParse(value))).toEqual([TEXT_MESSAGES.multiLine]);
  });

  it("refuses a lone surrogate", () => {
    expect(messages(description.safeParse("Leaks \ud83d"))).toEqual([TEXT_MESSAGES.notUnicode]);
  });
});

describe("uuidText", () => {
  it("takes a UUID and refuses anything else with the field's message", () => {
    const id = uuidText("Unknown order.");
    expect(id.safeParse("0b7c6a5e-4d3c-4b2a-9f1e-0d9c8b7a6f5e").success).toBe(true);
    expect(messages(id.safeParse("0b7c6a5e-4d3c-4b2a-9f1e-0d9c8b7a6f5\u0000"))).toContain("Unknown order.");
  });
});
