// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  activeOption,
  answer,
  answerHit,
  navigation,
  ok,
  openField,
  product,
  setUpSearchTests,
  suggestResult,
  type,
  wait,
} from "./search-test-helpers";

// Moving through the combobox's options and leaving it with the keys (and See all results with the mouse).

vi.mock("next/navigation", async () => (await import("./search-test-helpers")).nextNavigation());

setUpSearchTests();

describe("the search combobox", () => {
  it("moves with the arrows and opens the active option's page with Enter", async () => {
    const input = await openField();
    await type(input, "filter");
    await wait(200);
    await answer(200, ok(suggestResult("filter", { products: [product()], answers: [answerHit()] })));

    // The list opens on "See all results", so that Enter alone opens the results page.
    expect(activeOption(input)?.textContent).toBe("See all results for “filter”");
    await act(async () => {
      fireEvent.keyDown(input, { key: "ArrowDown" });
    });
    expect(activeOption(input)?.textContent).toContain("PP sediment filter");
    await act(async () => {
      fireEvent.keyDown(input, { key: "ArrowDown" });
    });
    const active = document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
    expect(active?.textContent).toContain("How often should I change the filters?");
    await act(async () => {
      fireEvent.keyDown(input, { key: "ArrowUp" });
    });
    expect(document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent).toContain("PP sediment filter");

    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(navigation.push.mock.calls).toEqual([["/mart/detail/LW-F1"]]);
  });

  it("opens /search?q=… with Enter before moving through the options, and from See all results", async () => {
    const input = await openField();
    await type(input, "ro membrane");
    await wait(200);
    await answer(200, ok(suggestResult("ro membrane", { products: [product()] })));
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(navigation.push.mock.calls).toEqual([["/search?q=ro%20membrane"]]);

    navigation.push.mockClear();
    await act(async () => {
      fireEvent.focus(input);
    });
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole("option", { name: "See all results for “ro membrane”" }), { button: 0 });
    });
    expect(navigation.push.mock.calls).toEqual([["/search?q=ro%20membrane"]]);
  });

  it("closes with Escape, and clears the field with a second Escape", async () => {
    const input = await openField();
    await type(input, "filter");
    await wait(200);
    await answer(200, ok(suggestResult("filter", { products: [product()] })));
    expect(input.getAttribute("aria-expanded")).toBe("true");

    await act(async () => {
      fireEvent.keyDown(input, { key: "Escape" });
    });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(input.value).toBe("filter");

    await act(async () => {
      fireEvent.keyDown(input, { key: "Escape" });
    });
    expect(input.value).toBe("");
    expect(navigation.push).not.toHaveBeenCalled();
  });
});
