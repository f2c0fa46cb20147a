// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BackToTop } from "./back-to-top";

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event("scroll"));
  });
}

afterEach(() => {
  window.scrollY = 0;
});

describe("BackToTop", () => {
  it("is hidden at the top of the page", () => {
    render(<BackToTop />);
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
  });

  it("stays hidden at 100 px and appears at 101 px with the default threshold", () => {
    render(<BackToTop />);
    scrollTo(100);
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
    scrollTo(101);
    expect(screen.getByRole("button", { name: "Back to top" })).toBeDefined();
  });

  it("hides again when scrolled back up", () => {
    render(<BackToTop />);
    scrollTo(400);
    scrollTo(50);
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
  });

  it("is already visible when the page mounts scrolled down", () => {
    window.scrollY = 250;
    render(<BackToTop />);
    expect(screen.getByRole("button", { name: "Back to top" })).toBeDefined();
  });

  it("honours a custom threshold", () => {
    render(<BackToTop threshold={500} />);
    scrollTo(300);
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
    scrollTo(501);
    expect(screen.getByRole("button", { name: "Back to top" })).toBeDefined();
  });

  it("glides smoothly back to the top when clicked", () => {
    const scroll = vi.mocked(window.scrollTo);
    render(<BackToTop />);
    scrollTo(800);
    fireEvent.click(screen.getByRole("button", { name: "Back to top" }));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("jumps without animation when the customer prefers reduced motion", () => {
    const matchMedia = vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    render(<BackToTop />);
    scrollTo(800);
    fireEvent.click(screen.getByRole("button", { name: "Back to top" }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
    expect(matchMedia).toHaveBeenCalled();
  });
});
