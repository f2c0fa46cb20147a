// The search field's suites (search-slot, search-box-results, search-box-keyboard) share one stubbed
// network, its answers and the visitor's steps from here, so a change to the contract is made once.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { AnswerHit, ProductHit, SuggestResult } from "@/lib/schemas/search";
import { SearchSlot } from "./search-slot";

/** Where the router sends the visitor. */
export const navigation = { push: vi.fn<(href: string) => void>() };

/**
 * next/navigation with the router above. Each suite's vi.mock imports it in its factory: vi.mock is
 * hoisted above the suite's imports, so a factory cannot name an imported value directly.
 */
export function nextNavigation() {
  return {
    usePathname: () => "/",
    useSearchParams: () => new URLSearchParams(),
    useRouter: () => ({ push: navigation.push, replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
  };
}

// The network is stubbed at fetch: the API client (ky), the envelope and the contract's schema run
// as they do in the browser. Each call waits until the test answers it.
interface PendingCall {
  query: string;
  limit: string | null;
  signal: AbortSignal;
  answer: (status: number, body: unknown) => void;
}

/** The calls made so far, emptied before each test. */
export const calls: PendingCall[] = [];

function stubFetch() {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: Request) => {
      const url = new URL(input.url);
      expect(url.pathname).toBe("/api/v1/c/search/suggest");
      // Like a server that answers anyway: the combobox must drop an answer it no longer wants.
      return new Promise<Response>((resolve) => {
        calls.push({
          query: url.searchParams.get("q") ?? "",
          limit: url.searchParams.get("limit"),
          signal: input.signal,
          answer: (status, body) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
        });
      });
    }),
  );
}

export function product(overrides: Partial<ProductHit> = {}): ProductHit {
  return {
    skuNum: "LW-F1",
    name: "PP sediment filter",
    category: "filter",
    picture: "/images/products/filter.svg",
    price: "29.90",
    memberPrice: null,
    inStock: true,
    href: "/mart/detail/LW-F1",
    ...overrides,
  };
}

export function answerHit(overrides: Partial<AnswerHit> = {}): AnswerHit {
  return {
    id: "faq-how-often",
    kind: "faq",
    page: "FAQ",
    title: "How often should I change the filters?",
    titleSnippet: [
      { text: "How ", match: false },
      { text: "often", match: true },
      { text: " should I change the filters?", match: false },
    ],
    snippet: [
      { text: "Change the ", match: false },
      { text: "filter", match: true },
      { text: " every six months.", match: false },
    ],
    href: "/about/faq#how-often-filters",
    ...overrides,
  };
}

export function suggestResult(query: string, overrides: Partial<SuggestResult> = {}): SuggestResult {
  const result = {
    query,
    products: [] as SuggestResult["products"],
    answers: [] as SuggestResult["answers"],
    orders: [] as SuggestResult["orders"],
    purifiers: [] as SuggestResult["purifiers"],
    suggestions: [] as string[],
    ...overrides,
  };
  return {
    ...result,
    total: {
      products: result.products.length,
      answers: result.answers.length,
      orders: result.orders.length,
      purifiers: result.purifiers.length,
    },
  };
}

export function ok(data: SuggestResult) {
  return { code: 200, data, errmsg: "" };
}

/** The field as the top bar draws it: the plain form, which the combobox replaces. */
export function renderField(variant: "bar" | "menu" = "bar") {
  render(<SearchSlot variant={variant} />);
}

/** The field in a page, taken over by the combobox on its first focus (the code loads for real). */
export async function openField() {
  renderField();
  act(() => screen.getByRole("searchbox", { name: "Search the shop" }).focus());
  const input = await screen.findByRole("combobox", { name: "Search the shop" }, LOAD);
  // From here on the debounce and the "Searching…" delay run on the test's clock.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  return input as HTMLInputElement;
}

export async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
}

export async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Answers the latest call and lets the page draw it. */
export async function answer(status: number, body: unknown, call = calls.at(-1)) {
  if (!call) throw new Error("no call to answer");
  await act(async () => {
    call.answer(status, body);
    // The client reads the body and the schema parses it: a few turns of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  });
}

export function activeOption(input: HTMLInputElement) {
  return document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
}

// The first test to focus the field loads the combobox's modules through Vite's transform: seconds on a busy machine.
export const LOAD = { timeout: 10_000 };

export function liveRegion() {
  return screen.getByRole("status");
}

/** The network stubbed and the page at / before each test; real timers again after it. */
export function setUpSearchTests() {
  beforeEach(() => {
    stubFetch();
    window.history.replaceState(null, "", "/");
  });

  afterEach(() => {
    vi.useRealTimers();
  });
}
