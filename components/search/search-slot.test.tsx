// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnswerHit, ProductHit, SuggestResult } from "@/lib/schemas/search";
import { SearchSlot } from "./search-slot";
import { SEARCH_UNAVAILABLE_MESSAGE } from "./use-suggestions";
import type * as UseSuggestions from "./use-suggestions";

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

const navigation = vi.hoisted(() => ({ push: vi.fn<(href: string) => void>() }));

vi.mock("next/navigation", () => ({
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: navigation.push, replace: vi.fn(), refresh: vi.fn(), back: vi.fn(), forward: vi.fn(), prefetch: vi.fn() }),
}));

// The network is stubbed at fetch: the API client (ky), the envelope and the contract's schema run
// as they do in the browser. Each call waits until the test answers it.
interface PendingCall {
  query: string;
  limit: string | null;
  signal: AbortSignal;
  answer: (status: number, body: unknown) => void;
}

let calls: PendingCall[] = [];

function stubFetch() {
  calls = [];
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

function product(overrides: Partial<ProductHit> = {}): ProductHit {
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

function answerHit(overrides: Partial<AnswerHit> = {}): AnswerHit {
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

function suggestResult(query: string, overrides: Partial<SuggestResult> = {}): SuggestResult {
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

function ok(data: SuggestResult) {
  return { code: 200, data, errmsg: "" };
}

/** The field as the top bar draws it: the plain form, which the combobox replaces. */
function renderField(variant: "bar" | "menu" = "bar") {
  render(<SearchSlot variant={variant} />);
}

/** The field in a page, taken over by the combobox on its first focus (the code loads for real). */
async function openField() {
  renderField();
  act(() => screen.getByRole("searchbox", { name: "Search the shop" }).focus());
  const input = await screen.findByRole("combobox", { name: "Search the shop" }, LOAD);
  // From here on the debounce and the "Searching…" delay run on the test's clock.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  return input as HTMLInputElement;
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
}

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Answers the latest call and lets the page draw it. */
async function answer(status: number, body: unknown, call = calls.at(-1)) {
  if (!call) throw new Error("no call to answer");
  await act(async () => {
    call.answer(status, body);
    // The client reads the body and the schema parses it: a few turns of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  });
}

function activeOption(input: HTMLInputElement) {
  return document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
}

// The first test to focus the field loads the combobox's modules through Vite's transform: seconds on a busy machine.
const LOAD = { timeout: 10_000 };

function liveRegion() {
  return screen.getByRole("status");
}

beforeEach(() => {
  stubFetch();
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  vi.useRealTimers();
});

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

describe("the search combobox", () => {
  it("asks after 2 characters, once the visitor pauses for 200 ms", async () => {
    const input = await openField();
    await type(input, "f");
    await wait(1000);
    expect(calls).toHaveLength(0);

    await type(input, "fi");
    await wait(199);
    expect(calls).toHaveLength(0);
    await type(input, "fil");
    await wait(199);
    await type(input, "filt");
    await wait(199);
    expect(calls).toHaveLength(0);
    await wait(1);
    expect(calls.map((call) => [call.query, call.limit])).toEqual([["filt", "5"]]);
  });

  it("cancels the call for what was typed before, and never shows its late answer", async () => {
    const input = await openField();
    await type(input, "fi");
    await wait(200);
    const first = calls[0];
    await type(input, "filter");
    expect(first?.signal.aborted).toBe(true);
    await wait(200);
    await answer(200, ok(suggestResult("filter", { products: [product({ name: "Carbon block filter", href: "/mart/detail/LW-C" })] })));
    await answer(200, ok(suggestResult("fi", { products: [product({ name: "Fizzy water kit", href: "/mart/detail/LW-Z" })] })), first);

    expect(screen.getByRole("option", { name: /Carbon block filter/ })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Fizzy water kit/ })).toBeNull();
    expect(liveRegion().textContent).toBe("1 result");
  });

  it("groups products, answers, orders and purifiers, each option a link to its page", async () => {
    const input = await openField();
    await type(input, "filter");
    await wait(200);
    await answer(
      200,
      ok(
        suggestResult("filter", {
          products: [
            product({ name: "RO membrane", price: "89.00", memberPrice: "71.20", href: "/mart/detail/LW-RO" }),
            product({ name: "PP sediment filter", inStock: false }),
          ],
          answers: [answerHit()],
          orders: [
            {
              orderId: "5e461c55-1",
              shortNumber: "#5E461C55",
              summary: "PP sediment filter + 1 more",
              status: "Delivered",
              createdAt: "2026-10-01T10:00:00.000Z",
              href: "/account/orders/5e461c55-1",
            },
          ],
          purifiers: [{ id: "p1", serial: "LW600-2410-0042", model: "RO600", href: "/account/purifiers#p1" }],
        }),
      ),
    );

    const listbox = screen.getByRole("listbox");
    const groups = within(listbox).getAllByRole("group");
    expect(
      groups.map(
        (group) =>
          group.getAttribute("aria-labelledby") && document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent,
      ),
    ).toEqual(["Products", "Answers", "Your orders", "Your purifiers"]);

    const membrane = within(groups[0] as HTMLElement).getByRole("option", { name: /RO membrane/ });
    expect(membrane.textContent).toContain("$89.00");
    expect(membrane.textContent).toContain("Member $71.20");
    expect(membrane.textContent).toContain("In stock");
    expect(membrane.getAttribute("href")).toBe("/mart/detail/LW-RO");
    expect(membrane.querySelector("img")?.getAttribute("src")).toBe("/images/products/filter.svg");
    const sediment = within(groups[0] as HTMLElement).getByRole("option", { name: /PP sediment filter/ });
    expect(sediment.textContent).toContain("Out of stock");
    expect(sediment.textContent, "no member price for a product without one").not.toContain("Member");

    const faq = within(groups[1] as HTMLElement).getByRole("option");
    expect(faq.textContent).toContain("FAQ");
    expect(faq.textContent).toContain("How often should I change the filters?");
    // The title's matched word and the snippet's, each marked.
    expect([...faq.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["often", "filter"]);
    expect(faq.getAttribute("href")).toBe("/about/faq#how-often-filters");

    expect(within(groups[2] as HTMLElement).getByRole("option").textContent).toContain("#5E461C55");
    expect(within(groups[2] as HTMLElement).getByRole("option").textContent).toContain("Delivered");
    expect(within(groups[3] as HTMLElement).getByRole("option").textContent).toContain("LW600-2410-0042");
    expect(within(groups[3] as HTMLElement).getByRole("option").textContent).toContain("RO600");

    expect(within(listbox).getByRole("option", { name: "See all results for “filter”" }).getAttribute("href")).toBe("/search?q=filter");
    expect(liveRegion().textContent).toBe("5 results");
  });

  it("draws a snippet's text as text: markup in it never becomes an element", async () => {
    const input = await openField();
    await type(input, "img");
    await wait(200);
    await answer(
      200,
      ok(
        suggestResult("img", {
          answers: [
            answerHit({
              title: "<b>Bold</b> claims",
              titleSnippet: [{ text: "<b>Bold</b> claims", match: false }],
              snippet: [
                { text: "<img src=x onerror=alert(1)>", match: true },
                { text: " and <script>alert(2)</script>", match: false },
              ],
            }),
          ],
        }),
      ),
    );
    const option = screen.getByRole("option", { name: /Bold/ });
    expect(option.querySelector("img, script, b")).toBeNull();
    expect(option.querySelector("mark")?.textContent).toBe("<img src=x onerror=alert(1)>");
    expect(option.textContent).toContain("<b>Bold</b> claims");
    expect(option.textContent).toContain(" and <script>alert(2)</script>");
  });

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

  it("says there are no results, offering the closest terms as options", async () => {
    const input = await openField();
    await type(input, "purifer");
    await wait(200);
    await answer(200, ok(suggestResult("purifer", { suggestions: ["purifier", "prefilter"] })));
    expect(screen.getByText("No results for “purifer”")).toBeTruthy();
    expect(liveRegion().textContent).toBe("No results for “purifer”. Did you mean: purifier, prefilter?");
    const suggestion = screen.getByRole("option", { name: "purifier" });
    expect(suggestion.getAttribute("href")).toBe("/search?q=purifier");
  });

  it("shows a quiet Searching… only when the answer takes more than 300 ms", async () => {
    const input = await openField();
    await type(input, "filter");
    await wait(299);
    expect(screen.queryByText("Searching…")).toBeNull();
    await wait(1);
    expect(screen.getByText("Searching…")).toBeTruthy();
    await answer(200, ok(suggestResult("filter", { products: [product()] })));
    expect(screen.queryByText("Searching…")).toBeNull();
  });

  it.each([
    ["the server fails", 500, { code: 500, data: null, errmsg: "relation search_documents does not exist" }],
    ["the caller is rate limited", 429, { code: 429, data: null, errmsg: "Too many requests: slow down." }],
    ["the answer is not the contract's shape", 200, { code: 200, data: { query: "filter" }, errmsg: "" }],
  ])("says calmly that search is unavailable when %s, never the raw error", async (_case, status, body) => {
    const input = await openField();
    await type(input, "filter");
    await wait(200);
    await answer(status, body);
    const panel = screen.getByRole("listbox").parentElement as HTMLElement;
    expect(within(panel).getByText(SEARCH_UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(liveRegion().textContent).toBe(SEARCH_UNAVAILABLE_MESSAGE);
    if (body.errmsg) expect(document.body.textContent).not.toContain(body.errmsg);
    expect(screen.queryByRole("alert")).toBeNull();

    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(navigation.push.mock.calls).toEqual([["/search?q=filter"]]);
  });
});
