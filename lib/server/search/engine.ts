import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { orderPath, ROUTES } from "@/lib/config/routes";
import type { DbExecutor } from "@/lib/db/client";
import { orderNumber } from "@/lib/display/order-display";
import { centsToAmount } from "@/lib/rules/money";
import type { AnswerHit, OrderHit, ProductHit, PurifierHit, SearchGroup, Snippet } from "@/lib/schemas/search";
import { productsBySku } from "@/lib/server/catalog/lookups";
import { isMemberAt } from "@/lib/server/memberships";
import { searchOwnOrders } from "@/lib/server/orders";
import { searchOwnPurifiers } from "@/lib/server/purifiers";
import { inTransaction } from "@/lib/server/transaction";
import { ensureIndexed, rowsOf } from "./documents";
import { normaliseQuery, orderNumberPrefix, queryWords, serialPart } from "./normalise";
import { activeSynonyms, expandSynonyms } from "./synonyms";

// The search itself (docs/decisions/0045-site-search-in-postgresql.md). A query becomes a plan:
// the words as typed, each unknown word corrected to the closest word of the index (trigram
// similarity), words typed apart that the index holds together ("ro 600"), the synonyms applied,
// and the last word completed as a prefix. Every variant is a websearch_to_tsquery, OR-ed; a
// document must match one of them whole, or, only when no document does, any of its words.

/** No search statement runs longer than this: bounded input already bounds the work; this bounds the time. */
const STATEMENT_TIMEOUT_MS = 2_000;
/** Marks the matched words in ts_headline's answer: private-use characters, never in the shop's text. */
const MARK_START = "\uE000";
const MARK_END = "\uE001";
/**
 * Queries of more words than this are not matched by title similarity: a long question is not a
 * name, and its many trigrams would make the trigram index visit most titles.
 */
const MAX_SIMILAR_TITLE_WORDS = 3;
/** Matches re-ranked by title similarity beyond the page asked for. */
const CANDIDATES = 50;

export interface SearchViewer {
  userId: string;
}

export interface Plan {
  /** The query normalised: what the log counts and trigram matches compare. */
  clean: string;
  /** websearch_to_tsquery inputs, OR-ed. */
  variants: string[];
  /** to_tsquery input over letters and digits only: any word, the last as a prefix. */
  anyWords: string;
  /** "w1 & w2 & w3:*" when the last word completes to a word of the index. */
  prefix: string | null;
  words: string[];
}

interface TermRow {
  word: string;
  known: boolean;
  completion: string | null;
  closest: string | null;
}

async function planQuery(db: DbExecutor, clean: string): Promise<Plan> {
  const words = queryWords(clean);
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`);
  // One statement: which words (and adjacent pairs joined) the index knows; for an unknown word of
  // 3 letters or more, the closest known word, and for the last one, a word it starts. CASE keeps
  // the trigram lookups to the words that need them. `offset 0` keeps "known" a lookup by the
  // primary key per word: pulled up into the CASEs, it became a hash of every term, built per use.
  const entries = [
    ...words.map((word, index) => ({ word, pair: false, last: index === words.length - 1 })),
    ...pairs.map((word) => ({ word, pair: true, last: false })),
  ];
  const terms =
    entries.length === 0
      ? []
      : await rowsOf<TermRow>(
          db,
          sql`select w.word, k.known,
            case when k.known or w.pair or length(w.word) < 3 or not w.last then null else
              (select t.term from search_terms t where t.term like w.word || '%' and t.term <> w.word order by length(t.term), t.term limit 1) end as completion,
            case when k.known or w.pair or length(w.word) < 3 then null else
              (select t.term from search_terms t where t.term % w.word order by similarity(t.term, w.word) desc, t.term limit 1) end as closest
          from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as w(word text, pair boolean, last boolean)
            cross join lateral (select exists (select 1 from search_terms t where t.term = w.word limit 1) as known offset 0) as k`,
        );
  const byWord = new Map(terms.map((row) => [row.word, row]));
  const typing = !/\s$/.test(clean);
  const corrected = words.map((word, index) => {
    const row = byWord.get(word);
    if (!row || row.known || word.length < 3) return word;
    if (index === words.length - 1 && typing && row.completion) return word;
    return row.closest ?? word;
  });
  const joined = [...corrected];
  for (let index = pairs.length - 1; index >= 0; index -= 1) {
    if (byWord.get(pairs[index] ?? "")?.known) joined.splice(index, 2, pairs[index] ?? "");
  }
  const synonyms = await activeSynonyms(db);
  const correctedText = corrected.join(" ");
  const variants = new Set([clean, correctedText, joined.join(" ")]);
  for (const text of [...variants]) for (const expanded of expandSynonyms(text, synonyms)) variants.add(expanded);
  const last = words.at(-1);
  const lastRow = last === undefined ? undefined : byWord.get(last);
  const completes = typing && last !== undefined && last.length >= 2 && !lastRow?.known && Boolean(lastRow?.completion);
  const prefix = completes ? [...corrected.slice(0, -1), `${last}:*`].join(" & ") : null;
  const anyWords = new Set(corrected.filter((word) => word.length > 1));
  for (const text of variants) for (const word of queryWords(text)) if (word.length > 1 && word !== last) anyWords.add(word);
  const anyList = [...anyWords].map((word) => (completes && word === last ? `${word}:*` : word));
  return { clean, variants: [...variants].filter((text) => text.length > 0), anyWords: anyList.join(" | "), prefix, words };
}

function queries(plan: Plan): { all: SQL; any: SQL } {
  const parts = plan.variants.map((text) => sql`websearch_to_tsquery('english', unaccent(${text}))`);
  if (plan.prefix) parts.push(sql`to_tsquery('english', unaccent(${plan.prefix}))`);
  return { all: sql.join(parts, sql` || `), any: sql`to_tsquery('english', unaccent(${plan.anyWords}))` };
}

/** How a group's results are found: see rank. */
interface Matching {
  /** Some document of the group matches one form of the query whole (by the tsvector index). */
  whole: boolean;
  /** Not whole, and some title is similar to the query as typed (by the trigram index). */
  similarTitle: boolean;
}

/** Queries of more words than MAX_SIMILAR_TITLE_WORDS are not matched by title similarity. */
const bySimilarTitle = (plan: Plan) => plan.words.length <= MAX_SIMILAR_TITLE_WORDS;

/**
 * How each group is matched, in one statement. Settled before ranking, so each ranking statement
 * has one condition its index answers: a condition chosen per row ("similar title, or else any
 * word") made the database compute the title similarity of every document of the group.
 */
async function matchings(db: DbExecutor, plan: Plan): Promise<Record<"product" | "answer", Matching>> {
  const none = { whole: false, similarTitle: false };
  if (plan.variants.length === 0) return { product: none, answer: none };
  const { all } = queries(plan);
  const similar = (kind: "product" | "answer") =>
    bySimilarTitle(plan) ? sql`exists (select 1 from search_documents where kind = ${kind} and ${plan.clean} <% title_norm)` : sql`false`;
  const [row] = await rowsOf<{ product: boolean; answer: boolean; productSimilar: boolean; answerSimilar: boolean }>(
    db,
    sql`with q as materialized (select ${all} as allq),
      w as materialized (
        select exists (select 1 from search_documents d, q where d.kind = 'product' and d.document @@ q.allq) as product,
          exists (select 1 from search_documents d, q where d.kind = 'answer' and d.document @@ q.allq) as answer
      )
      select w.product, w.answer,
        case when w.product then false else ${similar("product")} end as "productSimilar",
        case when w.answer then false else ${similar("answer")} end as "answerSimilar"
      from w`,
  );
  return {
    product: { whole: row?.product ?? false, similarTitle: row?.productSimilar ?? false },
    answer: { whole: row?.answer ?? false, similarTitle: row?.answerSimilar ?? false },
  };
}

interface RankedRow {
  key: string;
  title: string;
  page: string;
  href: string;
  headline: string | null;
  titleHeadline: string | null;
  total: number;
}

async function rank(
  db: DbExecutor,
  plan: Plan,
  kind: "product" | "answer",
  page: { limit: number; offset: number },
  matching: Matching,
): Promise<{ rows: RankedRow[]; total: number }> {
  if (plan.anyWords.length === 0 && plan.variants.length === 0) return { rows: [], total: 0 };
  const { all, any } = queries(plan);
  const headline =
    kind === "answer"
      ? sql`ts_headline('english', r.body, q.allq || q.anyq, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1`})`
      : sql`null`;
  // The title with every matched word marked: a question found by its title ("how often") has
  // nothing to mark in the body's fragment.
  const titleHeadline =
    kind === "answer"
      ? sql`ts_headline('english', r.title, q.allq || q.anyq, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`})`
      : sql`null`;
  // Two stages, so the costly parts run on few rows: every match is counted and scored by ts_rank,
  // the best CANDIDATES re-ranked with the title's trigram similarity, ts_headline on the page's
  // rows alone. When documents match the whole query, only they are results (the tsvector index
  // alone); otherwise titles similar to the query (names typed short and wrong: "purifer",
  // "ro 600"), and when there are none, documents matching any of its words.
  // q is materialized: inlined, its stable functions would run again for every row.
  const candidates = page.offset + page.limit + CANDIDATES;
  const matches = matching.whole
    ? sql`d.document @@ q.allq`
    : matching.similarTitle
      ? sql`${plan.clean} <% d.title_norm`
      : sql`d.document @@ q.anyq`;
  const anyWeight = matching.whole || matching.similarTitle ? sql`0` : sql`0.2 * ts_rank(d.document, q.anyq)`;
  const rows = await rowsOf<RankedRow>(
    db,
    sql`with q as materialized (select ${all} as allq, ${any} as anyq),
      c as (
        select d.key, d.title, d.page, d.href, d.body, d.title_norm,
          (ts_rank(d.document, q.allq) + ${anyWeight})::float8 as base,
          (count(*) over ())::int as total
        from search_documents d, q
        where d.kind = ${kind} and ${matches}
        order by base desc, d.key
        limit ${candidates}
      ),
      r as (
        select c.*, (c.base + 0.5 * word_similarity(${plan.clean}, c.title_norm))::float8 as score
        from c order by score desc, c.key
        limit ${page.limit} offset ${page.offset}
      )
      select r.key, r.title, r.page, r.href, r.total, ${headline} as headline, ${titleHeadline} as "titleHeadline"
      from r, q order by r.score desc, r.key`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** ts_headline's answer as segments: the words between the marks are the matched ones. */
export function toSnippet(headline: string): Snippet {
  const segments: Snippet = [];
  for (const [index, text] of headline.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    if (text.length > 0) segments.push({ text, match: index % 2 === 1 });
  }
  return segments;
}

export interface GroupPage<Hit> {
  hits: Hit[];
  total: number;
}

export interface SearchOutcome {
  query: string;
  products: GroupPage<ProductHit>;
  answers: GroupPage<AnswerHit>;
  orders: GroupPage<OrderHit>;
  purifiers: GroupPage<PurifierHit>;
  suggestions: string[];
}

type Paging = Partial<Record<SearchGroup, { limit: number; offset: number }>>;

async function productHits(db: DbExecutor, rows: RankedRow[], viewer: SearchViewer | null): Promise<ProductHit[]> {
  const products = await productsBySku(
    db,
    rows.map((row) => row.key),
  );
  const member = viewer ? await isMemberAt(db, viewer.userId) : false;
  return rows.flatMap((row) => {
    const product = products.get(row.key);
    // The index follows the catalogue in its transactions; the live row is the last word all the same.
    if (!product?.listed) return [];
    return [
      {
        skuNum: product.sku,
        name: product.name,
        category: product.category,
        picture: product.images[0] ?? null,
        price: centsToAmount(product.discountPriceCents),
        memberPrice: member && product.memberPriceCents !== null ? centsToAmount(product.memberPriceCents) : null,
        inStock: product.stock > 0,
        href: row.href,
      },
    ];
  });
}

async function closestTerms(db: DbExecutor, plan: Plan): Promise<string[]> {
  const found = new Set<string>();
  for (const word of [plan.clean, ...plan.words].filter((text) => text.length >= 3).slice(0, 4)) {
    const rows = await rowsOf<{ term: string }>(
      db,
      sql`select term from search_terms where term % ${word} and term <> ${word} order by similarity(term, ${word}) desc, term limit 3`,
    );
    for (const row of rows) found.add(row.term);
  }
  return [...found].slice(0, 5);
}

/**
 * Searches every group: products and answers for anyone; the viewer's own orders and purifiers
 * when signed in (a group left out of `paging` is not searched). `raw` is normalised here.
 */
export async function runSearch(raw: string, viewer: SearchViewer | null, paging: Paging): Promise<SearchOutcome> {
  await ensureIndexed();
  const clean = normaliseQuery(raw);
  const none = { hits: [], total: 0 };
  const outcome = await inTransaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
    const plan = await planQuery(tx, clean);
    const matching = await matchings(tx, plan);
    const products = paging.products ? await rank(tx, plan, "product", paging.products, matching.product) : { rows: [], total: 0 };
    const answers = paging.answers ? await rank(tx, plan, "answer", paging.answers, matching.answer) : { rows: [], total: 0 };
    return {
      plan,
      products: { hits: await productHits(tx, products.rows, viewer), total: products.total },
      answers: {
        total: answers.total,
        hits: answers.rows.map((row) => ({
          id: row.key,
          kind: row.key.startsWith("faq:") ? ("faq" as const) : ("section" as const),
          page: row.page,
          title: row.title,
          titleSnippet: row.titleHeadline ? toSnippet(row.titleHeadline) : [{ text: row.title, match: false }],
          snippet: toSnippet(row.headline ?? ""),
          href: row.href,
        })),
      },
    };
  });
  const orders = viewer && paging.orders ? await orderHits(viewer, outcome.plan, paging.orders) : none;
  const purifiers = viewer && paging.purifiers ? await purifierHits(viewer, clean, paging.purifiers) : none;
  const nothing = outcome.products.total + outcome.answers.total + orders.total + purifiers.total === 0;
  const suggestions = nothing ? await inTransaction((tx) => closestTerms(tx, outcome.plan)) : [];
  return { query: clean, products: outcome.products, answers: outcome.answers, orders, purifiers, suggestions };
}

async function orderHits(viewer: SearchViewer, plan: Plan, page: { limit: number; offset: number }): Promise<GroupPage<OrderHit>> {
  const numberPrefix = orderNumberPrefix(plan.clean);
  const words = numberPrefix ? [] : plan.words.filter((word) => word.length >= 2);
  const { list, total } = await searchOwnOrders(viewer.userId, { numberPrefix, words }, page);
  return {
    total,
    hits: list.map((order) => ({
      orderId: order.orderId,
      shortNumber: `#${orderNumber(order.orderId)}`,
      summary: order.firstItem ? `${order.firstItem.name}${order.lineCount > 1 ? ` + ${order.lineCount - 1} more` : ""}` : "",
      status: order.status,
      createdAt: order.createdAt,
      href: orderPath(order.orderId),
    })),
  };
}

async function purifierHits(viewer: SearchViewer, clean: string, page: { limit: number; offset: number }): Promise<GroupPage<PurifierHit>> {
  const part = serialPart(clean);
  if (!part) return { hits: [], total: 0 };
  const { list, total } = await searchOwnPurifiers(viewer.userId, part, page);
  return { total, hits: list.map((purifier) => ({ ...purifier, href: ROUTES.purifiers })) };
}
