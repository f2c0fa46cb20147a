// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { alertsAtom, keepAlertForNextPage, keepToastsForNextPage, showAlertAtom, showToastAtom, toastsAtom } from "@/lib/state/notices";
import { Alerts, Toasts } from "./notices";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderNotices() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Alerts />
      <Toasts />
    </Provider>,
  );
  return store;
}

describe("kept toasts", () => {
  it("shows, once and in order, the toasts the previous page kept before a full page load", () => {
    keepToastsForNextPage([{ tone: "success", message: "You are logged in." }]);
    keepToastsForNextPage([{ tone: "success", message: "Added to your cart: TDS water-quality tester pen × 2." }]);
    renderNotices();
    expect(screen.getAllByRole("status").map((toast) => toast.textContent)).toEqual([
      "You are logged in.",
      "Added to your cart: TDS water-quality tester pen × 2.",
    ]);
    expect(window.sessionStorage.getItem("lenwell.kept-toasts")).toBeNull();
  });

  it("ignores kept text that is not a list of toasts", () => {
    document.cookie = "kept_notices=1; path=/";
    window.sessionStorage.setItem("lenwell.kept-toasts", JSON.stringify([{ tone: "loud", message: "x" }, { message: 3 }, "text"]));
    renderNotices();
    expect(screen.queryAllByRole("status")).toEqual([]);
    document.cookie = "kept_notices=1; path=/";
    window.sessionStorage.setItem("lenwell.kept-toasts", "{not json");
    expect(() => renderNotices()).not.toThrow();
  });

  it("leaves session storage alone on a page load with nothing kept, and drops its marker once all is shown", () => {
    keepAlertForNextPage({ tone: "error", message: "Login session expired! Please log in again" });
    keepToastsForNextPage([{ tone: "success", message: "You are logged in." }]);
    expect(document.cookie).toContain("kept_notices=1");
    renderNotices();
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(document.cookie).not.toContain("kept_notices");

    // Whatever the storage holds, a page without the marker does not open it while it starts.
    window.sessionStorage.setItem("lenwell.kept-toasts", JSON.stringify([{ tone: "info", message: "stale" }]));
    const opened = vi.spyOn(window, "sessionStorage", "get");
    renderNotices();
    expect(opened).not.toHaveBeenCalled();
    opened.mockRestore();
    window.sessionStorage.clear();
  });
});

describe("Alerts", () => {
  it("shows, once, the alert the previous page kept before a full page load", () => {
    keepAlertForNextPage({ tone: "error", message: "Login session expired! Please log in again" });
    renderNotices();
    expect(screen.getByRole("alert").textContent).toContain("Login session expired! Please log in again");
    expect(window.sessionStorage.getItem("lenwell.kept-alert")).toBeNull();
  });

  it("shows a pushed alert", () => {
    const store = renderNotices();
    act(() => {
      store.set(showAlertAtom, { tone: "error", message: "Gateway error!" });
    });
    expect(screen.getByRole("alert").textContent).toContain("Gateway error!");
  });

  it("stacks several alerts in the order they came", () => {
    const store = renderNotices();
    act(() => {
      store.set(showAlertAtom, { message: "First" });
      store.set(showAlertAtom, { message: "Second" });
    });
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["First", "Second"]);
  });

  it("removes an alert after exactly 3000 ms", () => {
    const store = renderNotices();
    act(() => {
      store.set(showAlertAtom, { message: "Saved" });
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole("alert").textContent).toContain("Saved");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(store.get(alertsAtom)).toEqual([]);
  });

  it("gives each alert its own 3000 ms", () => {
    const store = renderNotices();
    act(() => {
      store.set(showAlertAtom, { message: "Early" });
    });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => {
      store.set(showAlertAtom, { message: "Late" });
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual(["Late"]);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("removes an alert at once when dismissed", () => {
    const store = renderNotices();
    act(() => {
      store.set(showAlertAtom, { message: "Keep" });
      store.set(showAlertAtom, { message: "Go away" });
    });
    const alert = screen.getAllByRole("alert")[1];
    if (!alert) throw new Error("second alert missing");
    fireEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.getAllByRole("alert").map((item) => item.textContent)).toEqual(["Keep"]);
  });
});

describe("Toasts", () => {
  it("shows a pushed toast", () => {
    const store = renderNotices();
    act(() => {
      store.set(showToastAtom, { tone: "success", message: "Added to cart" });
    });
    expect(screen.getByRole("status").textContent).toBe("Added to cart");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("removes a toast after exactly 3000 ms", () => {
    const store = renderNotices();
    act(() => {
      store.set(showToastAtom, { message: "Added to cart" });
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByRole("status").textContent).toBe("Added to cart");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole("status")).toBeNull();
    expect(store.get(toastsAtom)).toEqual([]);
  });
});
