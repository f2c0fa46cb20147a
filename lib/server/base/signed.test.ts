// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { signValue, verifySignedValue } from "./signed";

describe("signed values", () => {
  afterEach(() => vi.useRealTimers());

  it("give back their payload for the same purpose", () => {
    const token = signValue("email-link", { email: "a@example.com" }, 60);
    expect(verifySignedValue("email-link", token)).toMatchObject({ email: "a@example.com" });
  });

  it("are refused for another purpose, when altered, or when expired", () => {
    const token = signValue("email-link", { email: "a@example.com" }, 60);
    expect(verifySignedValue("device", token)).toBeNull();
    const [body, signature] = token.split(".");
    const altered = Buffer.from(JSON.stringify({ email: "b@example.com", exp: 9_999_999_999 })).toString("base64url");
    expect(verifySignedValue("email-link", `${altered}.${signature}`)).toBeNull();
    expect(verifySignedValue("email-link", `${body}.${signature}x`)).toBeNull();
    expect(verifySignedValue("email-link", "not-a-token")).toBeNull();
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 61_000);
    expect(verifySignedValue("email-link", token)).toBeNull();
  });
});
