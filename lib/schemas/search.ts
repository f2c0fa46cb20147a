import { z } from "zod";
import { money } from "./cart";
import { pageFields } from "./paging";
import { singleLineText, uuidText } from "./text";

// Site search (docs/api.md, Search): the contract between the search engine (lib/server/search),
// the predictive-search call GET /api/v1/c/search/suggest, the combobox in the top bar and the
// /search page. A snippet is a list of segments, never HTML: the matched words are marked by
// `match`, and the browser draws them as <mark>, so no text from the catalogue or a query is ever
// put into a page as markup.

/** What a query may be: one line of text, trimmed, 2 to SEARCH_QUERY_MAX characters (longer text is refused, not cut). */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
/** Results of each group in the predictive search. */
export const SUGGEST_PER_GROUP = { default: 5, max: 8 } as const;
/** Results per page on /search. */
export const SEARCH_PAGE_SIZE = { default: 10, max: 50 } as const;

export const SEARCH_GROUPS = ["products", "answers", "orders", "purifiers"] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const snippetSchema = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type Snippet = z.infer<typeof snippetSchema>;

export const productHitSchema = z.object({
  skuNum: z.string(),
  name: z.string(),
  category: z.string(),
  /** The product's first picture (a path under /images), or null. */
  picture: z.string().nullable(),
  price: money,
  /** What a member pays; present only for a signed-in member and a product with a member price. */
  memberPrice: money.nullable(),
  inStock: z.boolean(),
  href: z.string(),
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const answerHitSchema = z.object({
  id: z.string(),
  /** A FAQ entry, or a section of the policy, membership, care plan or repair page. */
  kind: z.enum(["faq", "section"]),
  /** The page it is on ("FAQ", "Policy", "Membership", "Lenwell Care", "Repair"). */
  page: z.string(),
  title: z.string(),
  /** The title as segments, its matched words marked (a question is often found by its title alone). */
  titleSnippet: snippetSchema,
  snippet: snippetSchema,
  /** The page and its anchor, e.g. "/about/faq#how-often-filters". */
  href: z.string(),
});
export type AnswerHit = z.infer<typeof answerHitSchema>;

export const orderHitSchema = z.object({
  orderId: z.string(),
  /** "#5E461C55": as the order pages show it. */
  shortNumber: z.string(),
  /** The first line's product name, and "+ n more" when there are more. */
  summary: z.string(),
  status: z.string(),
  createdAt: z.string(),
  href: z.string(),
});
export type OrderHit = z.infer<typeof orderHitSchema>;

export const purifierHitSchema = z.object({
  id: z.string(),
  serial: z.string(),
  model: z.string(),
  href: z.string(),
});
export type PurifierHit = z.infer<typeof purifierHitSchema>;

const groupCounts = z.object({
  products: z.number().int(),
  answers: z.number().int(),
  orders: z.number().int(),
  purifiers: z.number().int(),
});

/** GET /search/suggest: the first few of each group; orders and purifiers only for a signed-in customer (else empty). */
export const suggestResultSchema = z.object({
  query: z.string(),
  products: z.array(productHitSchema),
  answers: z.array(answerHitSchema),
  orders: z.array(orderHitSchema),
  purifiers: z.array(purifierHitSchema),
  /** Every match of each group, for "See all results". */
  total: groupCounts,
  /** When nothing matched: the closest known terms ("Did you mean"), best first; else empty. */
  suggestions: z.array(z.string()),
});
export type SuggestResult = z.infer<typeof suggestResultSchema>;

// Through the shared text rule (lib/schemas/text.ts): a NUL, a control character or an unpaired
// surrogate is refused as a 422 on `q`, like any field, instead of being searched for.
const queryText = singleLineText()
  .transform((value) => value.trim())
  .pipe(z.string().min(SEARCH_QUERY_MIN).max(SEARCH_QUERY_MAX));

export const suggestQuerySchema = z.strictObject({
  q: queryText,
  limit: z.coerce.number().int().min(1).max(SUGGEST_PER_GROUP.max).default(SUGGEST_PER_GROUP.default),
});
export type SuggestQuery = z.output<typeof suggestQuerySchema>;

/** What /search reads from its address: the query, one group to page through (or all), the page. */
export const searchPageQuerySchema = z.object({
  q: queryText,
  group: z.enum(SEARCH_GROUPS).optional(),
  ...pageFields(SEARCH_PAGE_SIZE),
});
export type SearchPageQuery = z.output<typeof searchPageQuerySchema>;

// The operator's synonyms (POST /api/v1/admin/search/synonyms/add and …/remove): a term a visitor
// types, and the words the shop uses for it, searched as well.
const synonymText = singleLineText().trim().min(2, "Use at least 2 characters.").max(60, "Use at most 60 characters.");

export const synonymAddBodySchema = z.strictObject({ term: synonymText, expansion: synonymText });
export const synonymRemoveBodySchema = z.strictObject({ id: uuidText("Unknown synonym.") });
export const synonymSchema = z.object({ id: z.string(), term: z.string(), expansion: z.string() });
export type SynonymView = z.infer<typeof synonymSchema>;
