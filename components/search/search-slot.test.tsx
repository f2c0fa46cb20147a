// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LOAD, renderField, setUpSearchTests } from "./search-test-helpers";
import type * as UseSuggestions from "./use-suggestions";

// The plain form and its hand-over to the combobox; the combobox itself: search-box-*.test.tsx.

/** A key to press as soon as the combobox's next render gives the page a turn. */
let keyDuringRender: (() => void) | null = null;
vi.mock("./use-suggestions", async (original) => {
  const actual = await original<typeof UseSuggestions>();
  return {
    ...actual,
    useSuggestions: (query: string) => {
      if (keyDuringRender) {
        setTimeout(keyDuringRender, 0);
        keyDuringRender = null;
        // The render takes a phone's time, so React gives the page a turn before it goes on.
        const until = performance.now() + 20;
        while (performance.now() < until);
      }
      return actual.useSuggestions(query);
    },
  };
});

vi.mock("next/navigation", async () => (await import("./search-test-helpers")).nextNavigation());

setUpSearchTests();

describe("the search field before JavaScript takes over", () => {
  it("is a plain GET form to /search with a labelled field named q, and loads nothing until focused", () => {
    renderField("menu");
    const field = screen.getByRole("searchbox", { name: "Search the shop" });
    expect(field).toHaveProperty("name", "q");
    const form = screen.getByRole("search");
    expect(form.getAttribute("action")).toBe("/search");
    expect(form.getAttribute("method")).toBe("get");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("hands over to the combobox on first focus, keeping what was typed and the focus", async () => {
    renderField("menu");
    const plain = screen.getByRole("searchbox", { name: "Search the shop" });
    act(() => plain.focus());
    // Typed while the combobox's code is on its way.
    fireEvent.change(plain, { target: { value: "ro" } });
    const input = await screen.findByRole("combobox", { name: "Search the shop" }, LOAD);
    expect(input).toHaveProperty("value", "ro");
    expect(input).toHaveProperty("name", "q");
    expect(document.activeElement).toBe(input);
  });

  it("keeps a key the visitor presses while React is still drawing the combobox", async () => {
    await import("./search-box");
    renderField("bar");
    const plain = screen.getByRole("searchbox", { name: "Search the shop" });
    // Typed before the page's code ran.
    (plain as HTMLInputElement).value = "how";
    // As in a browser, React draws the combobox in slices and the page gets turns between them: a
    // key pressed then goes to the plain field, still on the page.
    const actEnvironment = Reflect.get(globalThis, "IS_REACT_ACT_ENVIRONMENT");
    Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", false);
    keyDuringRender = () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(plain, "how often");
      plain.dispatchEvent(new Event("input", { bubbles: true }));
    };
    try {
      plain.focus();
      await waitFor(() => expect(screen.getByRole("combobox", { name: "Search the shop" })).toHaveProperty("value", "how often"), LOAD);
    } finally {
      keyDuringRender = null;
      Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", actEnvironment);
    }
  });
});
