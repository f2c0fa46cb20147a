// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { FALLBACK_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE, failureMessage, statusMessage } from "./messages";

describe("statusMessage", () => {
  it.each([
    [400, "Request failed! Please try again later"],
    [401, "Login session expired! Please log in again"],
    [403, "Current account does not have permission to access"],
    [404, "The resource you are trying to access does not exist"],
    [405, "Incorrect request method! Please try again later"],
    [408, "Request timeout! Please try again later"],
    [500, "Service exception!"],
    [502, "Gateway error!"],
    [503, "Service unavailable!"],
    [504, "Gateway timeout!"],
  ])("shows status %i with its fixed text", (status, text) => {
    expect(statusMessage(status)).toBe(text);
  });

  it.each([418, 409, 429, 501, 0])('falls back to "Request failed!" for status %i', (status) => {
    expect(statusMessage(status)).toBe("Request failed!");
  });
});

describe("failureMessage", () => {
  it("exports the fixed texts for a call without an answer", () => {
    expect(TIMEOUT_MESSAGE).toBe("Request timeout! Please try again later");
    expect(NETWORK_MESSAGE).toBe("Network error! Please try again later");
    expect(FALLBACK_MESSAGE).toBe("Request failed!");
  });

  it("reports a timeout for a message mentioning timeout", () => {
    expect(failureMessage(new Error("timeout of 120000ms exceeded"))).toBe(TIMEOUT_MESSAGE);
    expect(failureMessage(new Error("Request timed out"))).toBe(TIMEOUT_MESSAGE);
  });

  it("reports a timeout for ky's TimeoutError", () => {
    const error = new Error("Request aborted");
    error.name = "TimeoutError";
    expect(failureMessage(error)).toBe(TIMEOUT_MESSAGE);
  });

  it('reports a network error for "Network Error"', () => {
    expect(failureMessage(new Error("Network Error"))).toBe(NETWORK_MESSAGE);
  });

  it("reports a network error for fetch's TypeError", () => {
    expect(failureMessage(new TypeError("Failed to fetch"))).toBe(NETWORK_MESSAGE);
    expect(failureMessage(new TypeError("fetch failed"))).toBe(NETWORK_MESSAGE);
  });

  it('reports a network error for Safari\'s "Load failed"', () => {
    expect(failureMessage(new Error("Load failed"))).toBe(NETWORK_MESSAGE);
  });

  it('falls back to "Request failed!" for anything else', () => {
    expect(failureMessage(new Error("Something odd"))).toBe(FALLBACK_MESSAGE);
    expect(failureMessage("boom")).toBe(FALLBACK_MESSAGE);
  });
});
