// @vitest-environment jsdom
import { act, render, renderHook, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadingCountAtom } from "@/lib/state/atoms";
import { LoadingOverlay, useDelayedFlag } from "./loading-overlay";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderOverlay() {
  const store = createStore();
  render(
    <Provider store={store}>
      <LoadingOverlay />
    </Provider>,
  );
  return store;
}

describe("LoadingOverlay", () => {
  it("shows nothing while nothing is loading", () => {
    renderOverlay();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByTestId("loading-overlay")).toBeNull();
  });

  it("waits 800 ms before showing the spinner", () => {
    const store = renderOverlay();
    act(() => {
      store.set(loadingCountAtom, 1);
    });
    act(() => {
      vi.advanceTimersByTime(799);
    });
    expect(screen.queryByRole("status")).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const spinner = screen.getByRole("status");
    expect(spinner).toHaveProperty("dataset.testid", "loading-overlay");
    expect(spinner.textContent).toContain("Loading");
  });

  it("hides the spinner as soon as loading stops", () => {
    const store = renderOverlay();
    act(() => {
      store.set(loadingCountAtom, 1);
    });
    act(() => {
      vi.advanceTimersByTime(800);
    });
    expect(screen.getByTestId("loading-overlay")).toBeDefined();
    act(() => {
      store.set(loadingCountAtom, 0);
    });
    expect(screen.queryByTestId("loading-overlay")).toBeNull();
  });

  it("never flashes the spinner for loading that ends at 500 ms", () => {
    const store = renderOverlay();
    act(() => {
      store.set(loadingCountAtom, 1);
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    act(() => {
      store.set(loadingCountAtom, 0);
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByTestId("loading-overlay")).toBeNull();
  });

  it("keeps showing while a second operation is still loading", () => {
    const store = renderOverlay();
    act(() => {
      store.set(loadingCountAtom, 2);
    });
    act(() => {
      vi.advanceTimersByTime(800);
    });
    act(() => {
      store.set(loadingCountAtom, 1);
    });
    expect(screen.getByTestId("loading-overlay")).toBeDefined();
  });
});

describe("useDelayedFlag", () => {
  it("turns true only after the flag has stayed on for the delay", () => {
    const { result } = renderHook(({ active }) => useDelayedFlag(active, 300), { initialProps: { active: true } });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });

  it("turns false at once when the flag goes off", () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 300), {
      initialProps: { active: true },
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it("restarts the delay when the flag flickers off and on", () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active, 300), {
      initialProps: { active: true },
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ active: false });
    rerender({ active: true });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current).toBe(true);
  });
});
