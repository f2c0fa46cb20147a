import { afterEach, vi } from "vitest";
import { wireOnFirstUse } from "@/lib/server/events/registry";

// jsdom lacks the browser APIs below; Embla and BackToTop need them.
// The setup runs in the node environment too (middleware tests), where there is no window.
if (typeof window !== "undefined") {
  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }

  Object.defineProperty(window, "IntersectionObserver", { configurable: true, writable: true, value: NoopObserver });
  Object.defineProperty(window, "ResizeObserver", { configurable: true, writable: true, value: NoopObserver });

  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  Object.defineProperty(window, "scrollTo", { configurable: true, writable: true, value: vi.fn() });

  // Loaded only where there is a DOM: the server's suites need none of it.
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => {
    cleanup();
  });
}

// Server code announces events the domains above subscribe to (lib/server/events); the shop wires
// them at start (apiRoute, the root layout, instrumentation). Here the domains are wired at the
// first event: importing them now would read the settings before each suite has set its own.
wireOnFirstUse(async () => {
  const { wireDomains } = await import("@/lib/server/wiring/subscriptions");
  wireDomains();
});
