// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  answer,
  answerHit,
  calls,
  liveRegion,
  navigation,
  ok,
  openField,
  product,
  setUpSearchTests,
  suggestResult,
  type,
  wait,
} from "./search-test-helpers";
import { SEARCH_UNAVAILABLE_MESSAGE } from "./use-suggestions";

// What the combobox asks and when, and how it draws the answer (or its absence); its keys: search-box-keyboard.test.tsx.

vi.mock("next/navigation", async () => (await import("./search-test-helpers")).nextNavigation());

setUpSearchTests();

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
