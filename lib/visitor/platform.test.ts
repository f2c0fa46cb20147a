// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { HEAD_SCRIPT } from "@/lib/site/head-script";
import { restorePlatformFromStorage } from "./platform";

const runHeadScript = () => new Function(HEAD_SCRIPT)() as void;

afterEach(() => {
  document.cookie = "platform=; Max-Age=0; Path=/";
  window.localStorage.clear();
  delete document.documentElement.dataset.platform;
  vi.restoreAllMocks();
});

describe("the head script", () => {
  it("marks the app webview from its cookie and remembers it in local storage", () => {
    document.cookie = "platform=app; Path=/";
    runHeadScript();
    expect(document.documentElement.dataset.platform).toBe("app");
    expect(window.localStorage.getItem("lenwell.platform")).toBe("app");
  });

  it("does not touch local storage before a web visitor's first paint", () => {
    window.localStorage.setItem("lenwell.platform", "app");
    const opened = vi.spyOn(window, "localStorage", "get");
    runHeadScript();
    expect(opened).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.platform).toBeUndefined();
  });
});

describe("restorePlatformFromStorage", () => {
  it("gives an app webview that lost its cookie the app variant back, and the cookie", () => {
    window.localStorage.setItem("lenwell.platform", "app");
    restorePlatformFromStorage();
    expect(document.documentElement.dataset.platform).toBe("app");
    expect(document.cookie).toContain("platform=app");
  });

  it("leaves a web visitor as they are", () => {
    restorePlatformFromStorage();
    expect(document.documentElement.dataset.platform).toBeUndefined();
    expect(document.cookie).not.toContain("platform=");
  });

  it("does not read local storage when the cookie already says app", () => {
    document.cookie = "platform=app; Path=/";
    const opened = vi.spyOn(window, "localStorage", "get");
    restorePlatformFromStorage();
    expect(opened).not.toHaveBeenCalled();
  });
});
