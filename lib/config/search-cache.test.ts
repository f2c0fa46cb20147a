import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANY_SEARCH_GROUP, CACHED_SEARCH_PREFIX, cachedSearchPath } from "./search-cache";

const path = (query: string) => cachedSearchPath(new URLSearchParams(query));

describe("cachedSearchPath", () => {
  it("names the cached page of a query, its group and its page", () => {
    expect(path("q=replacement+filter")).toBe(`${CACHED_SEARCH_PREFIX}/replacement%20filter/${ANY_SEARCH_GROUP}/1`);
    expect(path("q=filter&group=answers&page=3")).toBe(`${CACHED_SEARCH_PREFIX}/filter/answers/3`);
    expect(path("q=filter&group=products")).toBe(`${CACHED_SEARCH_PREFIX}/filter/products/1`);
    // Without a group every group's first few are shown, whatever the page.
    expect(path("q=filter&page=4")).toBe(`${CACHED_SEARCH_PREFIX}/filter/${ANY_SEARCH_GROUP}/1`);
    // What changes nothing on the page is left out: a referral code, the router's own parameter.
    expect(path("q=filter&c=PARTNER_1&_rsc=1x2y")).toBe(`${CACHED_SEARCH_PREFIX}/filter/${ANY_SEARCH_GROUP}/1`);
  });

  it("keeps in one path segment what a path would read otherwise", () => {
    expect(path("q=a%2Fb%3Fc%23d%25e")).toBe(`${CACHED_SEARCH_PREFIX}/a%2Fb%3Fc%23d%25e/${ANY_SEARCH_GROUP}/1`);
    expect(path("q=...")).toBe(`${CACHED_SEARCH_PREFIX}/.../${ANY_SEARCH_GROUP}/1`);
  });

  it.each([
    ["no query", ""],
    ["an empty query", "q=+++"],
    ["two queries", "q=a&q=b"],
    ["a page size of its own", "q=filter&pageSize=50"],
    ["an unknown group", "q=filter&group=secrets"],
    ["an empty group", "q=filter&group="],
    ["a group named like the path's", `q=filter&group=${ANY_SEARCH_GROUP}`],
    ["two groups", "q=filter&group=products&group=answers"],
    ["a page that is no number", "q=filter&group=products&page=two"],
    ["page 0", "q=filter&group=products&page=0"],
    ["a query a path would resolve", "q=.."],
    ["a query over the limit", `q=${"a".repeat(101)}`],
  ])("leaves %s to the page rendered per request", (_, query) => {
    expect(path(query)).toBeNull();
  });

  it("gives any query either no path or one whose segments read back the query, the group and the page", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 120 }),
        fc.constantFrom(undefined, "products", "answers", "orders", "purifiers", "nope"),
        fc.constantFrom(undefined, "1", "2", "9999", "0", "-1", "x"),
        (q, group, page) => {
          const params = new URLSearchParams({ q });
          if (group !== undefined) params.set("group", group);
          if (page !== undefined) params.set("page", page);
          const named = cachedSearchPath(params);
          if (named === null) return;
          expect(named.startsWith(`${CACHED_SEARCH_PREFIX}/`)).toBe(true);
          const segments = named.slice(CACHED_SEARCH_PREFIX.length + 1).split("/");
          expect(segments).toHaveLength(3);
          const [query = "", groupSegment, pageSegment] = segments;
          expect(decodeURIComponent(query)).toBe(q.trim());
          expect(new URL(named, "http://shop.example").pathname).toBe(named);
          expect(groupSegment).toBe(group ?? ANY_SEARCH_GROUP);
          expect(pageSegment).toBe(group === undefined ? "1" : (page ?? "1"));
        },
      ),
    );
  });
});
