// @vitest-environment jsdom
import { getCookie } from "cookies-next/client";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { alertsAtom } from "@/lib/state/notices";
import { appStore } from "@/lib/state/store";
import { ApiError } from "./envelope";
import { loginOnExpiry } from "./login-on-expiry";

const EXPIRED = "Login session expired! Please log in again";

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  appStore.set(alertsAtom, []);
  window.sessionStorage.clear();
  document.cookie = "login_return_path=; path=/; max-age=0";
  window.history.replaceState(null, "", "/");

  // jsdom's Location cannot be spied on, and navigating is not implemented: replace
  // window.location with a view of the real one whose assign() only records the call.
  assign = vi.fn<(url: string | URL) => void>();
  const real = window.location;
  const location: Pick<Location, "href" | "origin" | "pathname" | "search" | "hash" | "protocol" | "assign"> = {
    get href() {
      return real.href;
    },
    get origin() {
      return real.origin;
    },
    get pathname() {
      return real.pathname;
    },
    get search() {
      return real.search;
    },
    get hash() {
      return real.hash;
    },
    get protocol() {
      return real.protocol;
    },
    assign,
  };
  vi.stubGlobal("location", location);
});

function rejected(error: unknown): unknown {
  try {
    loginOnExpiry(error);
  } catch (thrown) {
    return thrown;
  }
  throw new Error("loginOnExpiry returned");
}

describe("loginOnExpiry", () => {
  it("sends the customer to log in on a 401, with the reason and the way back", () => {
    window.history.replaceState(null, "", "/mart/detail/LW-RO600?qty=2");
    const error = new ApiError(401, EXPIRED);

    expect(rejected(error)).toBe(error);

    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith("/account/login");
    expect(getCookie("login_return_path")).toBe("/mart/detail/LW-RO600?qty=2");
    expect(appStore.get(alertsAtom).map((notice) => `${notice.tone}: ${notice.message}`)).toEqual([`error: ${EXPIRED}`]);
    // The page is left with a full load, so the login page shows the message from session storage.
    expect(JSON.parse(window.sessionStorage.getItem("lenwell.kept-alert") ?? "null")).toEqual({ tone: "error", message: EXPIRED });
  });

  it("does not remember the login page itself as the place to return to", () => {
    window.history.replaceState(null, "", "/account/login");
    rejected(new ApiError(401, EXPIRED));
    expect(getCookie("login_return_path")).toBeUndefined();
    expect(assign).toHaveBeenCalledWith("/account/login");
  });

  it("passes any other failure on and stays on the page", () => {
    const refused = new ApiError(409, "Out of stock");
    const broken = new TypeError("bug");
    expect(rejected(refused)).toBe(refused);
    expect(rejected(broken)).toBe(broken);
    expect(assign).not.toHaveBeenCalled();
    expect(appStore.get(alertsAtom)).toEqual([]);
  });
});
