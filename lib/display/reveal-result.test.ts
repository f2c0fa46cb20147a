// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { revealResult } from "./reveal-result";

function element() {
  const node = document.createElement("section");
  const scrollIntoView = vi.fn();
  node.scrollIntoView = scrollIntoView;
  const heading = document.createElement("h2");
  heading.tabIndex = -1;
  node.append(heading);
  document.body.append(node);
  return { node, heading, scrollIntoView };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("bringing a result into view", () => {
  it("glides to the result and focuses its heading without a second scroll", () => {
    const { node, heading, scrollIntoView } = element();
    const focus = vi.spyOn(heading, "focus");
    revealResult(node, heading);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement).toBe(heading);
  });

  it("jumps instead of gliding when the visitor asked for less motion", () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)", media: query }) as MediaQueryList,
    );
    const { node, scrollIntoView } = element();
    revealResult(node, node, { block: "center" });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "center" });
  });

  it("does nothing without an element", () => {
    expect(() => revealResult(null)).not.toThrow();
  });
});
