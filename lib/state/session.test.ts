// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { cartCountAtom, hasSessionAtom, isOperatorAtom, usernameAtom } from "./atoms";
import { clearClientSession, keepDataCache } from "./session";
import { appStore } from "./store";

describe("clearClientSession", () => {
  beforeEach(() => {
    document.cookie = "signed_in=1; path=/";
    appStore.set(hasSessionAtom, true);
    appStore.set(usernameAtom, "Ada");
    appStore.set(isOperatorAtom, true);
    appStore.set(cartCountAtom, 4);
  });

  it("forgets the hint, the session atoms, the operator flag and the cart badge", () => {
    clearClientSession();
    expect(document.cookie).not.toContain("signed_in=1");
    expect(appStore.get(hasSessionAtom)).toBe(false);
    expect(appStore.get(usernameAtom)).toBeNull();
    expect(appStore.get(isOperatorAtom)).toBe(false);
    expect(appStore.get(cartCountAtom)).toBe(0);
  });

  it("empties the page's data cache once there is one", () => {
    const cache = new QueryClient();
    cache.setQueryData(["cart", "list"], { count: 4 });
    keepDataCache(cache);
    clearClientSession();
    expect(cache.getQueryData(["cart", "list"])).toBeUndefined();
  });
});
