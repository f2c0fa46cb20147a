import type Stripe from "stripe";
import { StripeApiError } from "./errors";
import type { Params } from "./form";

// GET /v1/payment_intents/search in Stripe's search query language
// (https://docs.stripe.com/search#search-query-language), the part the shop uses: terms
// `metadata['key']:'value'` (single or double quotes), and `status:'value'`, joined by AND. Unlike
// Stripe, whose index lags writes by up to a minute, the double finds an intent as soon as it exists.

interface Term {
  field: "metadata" | "status";
  key: string;
  value: string;
}

const TERM = /^\s*(?:metadata\[(['"])(.+?)\1\]|(status))\s*:\s*(['"])(.*?)\4\s*$/;

function queryError(query: string): StripeApiError {
  return StripeApiError.invalidRequest(
    `The Stripe double searches only terms like metadata['key']:'value' or status:'value' joined by AND; it cannot read: ${query}`,
    undefined,
    "query",
  );
}

export function parseSearchQuery(query: string): Term[] {
  const parts = query.split(/\s+AND\s+/);
  return parts.map((part) => {
    const match = TERM.exec(part);
    if (!match) throw queryError(query);
    const [, , metadataKey, status, , value = ""] = match;
    if (status) return { field: "status", key: "status", value };
    return { field: "metadata", key: metadataKey ?? "", value };
  });
}

function matches(intent: Stripe.PaymentIntent, terms: readonly Term[]): boolean {
  return terms.every((term) => (term.field === "status" ? intent.status === term.value : intent.metadata[term.key] === term.value));
}

/** Newest first, as Stripe sorts search results; `page` is the offset the previous page handed out. */
export function searchPaymentIntents(
  intents: readonly Stripe.PaymentIntent[],
  params: Params,
): Stripe.ApiSearchResult<Stripe.PaymentIntent> {
  const terms = parseSearchQuery(params.requiredString("query"));
  const limit = Math.min(Math.max(params.integer("limit") ?? 10, 1), 100);
  const page = params.string("page");
  const offset = page
    ? Number(
        Buffer.from(page, "base64url")
          .toString("utf8")
          .replace(/^offset:/, ""),
      )
    : 0;
  if (!Number.isInteger(offset) || offset < 0) throw StripeApiError.invalidRequest(`Invalid page: ${page}`, undefined, "page");
  const found = [...intents].reverse().filter((intent) => matches(intent, terms));
  const data = found.slice(offset, offset + limit);
  const hasMore = found.length > offset + limit;
  const result: Stripe.ApiSearchResult<Stripe.PaymentIntent> = {
    object: "search_result",
    data,
    has_more: hasMore,
    next_page: hasMore ? Buffer.from(`offset:${offset + limit}`, "utf8").toString("base64url") : null,
    url: "/v1/payment_intents/search",
  };
  if ((params.stringArray("expand") ?? []).includes("total_count")) result.total_count = found.length;
  return result;
}
