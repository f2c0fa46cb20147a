import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { orderPath, ROUTES } from "@/lib/config/routes";
import { getDatabase, type DbExecutor } from "@/lib/db/client";
import type { ProductRow } from "@/lib/db/schema/products";
import { preparedRows, preparedStatement, type PreparedStatement } from "@/lib/db/prepared";
import { orderNumber } from "@/lib/display/order-display";
import { centsToAmount } from "@/lib/rules/money";
import type { AnswerHit, OrderHit, ProductHit, PurifierHit, SearchGroup, Snippet } from "@/lib/schemas/search";
import { isMemberAt } from "@/lib/server/memberships";
import { searchOwnOrders } from "@/lib/server/orders";
import { searchOwnPurifiers } from "@/lib/server/purifiers";
import { inTransaction } from "@/lib/server/transaction";
import { ensureIndexed, rowsOf } from "./documents";
import { normaliseQuery, orderNumberPrefix, queryWords, serialPart } from "./normalise";
import { expandSynonyms, synonymsJson, type Synonym } from "./synonyms";

// The search itself (docs/decisions/0045-site-search-in-postgresql.md). A query becomes a plan:
// the words as typed, each unknown word corrected to the closest word of the index (trigram
// similarity), words typed apart that the index holds together ("ro 600"), the synonyms applied,
// and the last word completed as a prefix. Every variant is a websearch_to_tsquery, OR-ed; a
// document must match one of them whole, or, only when no document does, all its words but one, or
// any of them (levels).

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
/**
 * Up to this many words, a query none of whose forms a document matches whole is tried with one
 * word left out before any word is enough: "ceramic filter model 42" finds the few products with
 * three of them before the thousands with "model".
 */
const MAX_MOST_WORDS = 6;
/**
 * The session settings of the search's statements, on every connection of its pool (readsWith,
 * lib/db/client.ts) or, on PGlite, set in its transaction by PLAN_INPUTS. Generic plans: see
 * PLAN_INPUTS.
 */
const SEARCH_SETTINGS = { statement_timeout: String(STATEMENT_TIMEOUT_MS), plan_cache_mode: "force_generic_plan" } as const;

/**
 * Runs the search's reads. On PostgreSQL on a pool of their own whose connections carry
 * SEARCH_SETTINGS, with no transaction: its BEGIN and COMMIT were two of the search's five round
 * trips, and read committed gave each statement its own snapshot all the same (the products are
 * read live and checked, productHits). On PGlite, whose one connection is everyone's, in a
 * transaction, where PLAN_INPUTS sets them for its statements alone.
 */
export async function searchReads<T>(work: (db: DbExecutor) => Promise<T>): Promise<T> {
  const reads = (await getDatabase()).readsWith("search", SEARCH_SETTINGS);
  return reads ? work(reads) : inTransaction(work);
}

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
  /** to_tsquery input: every word typed but one, for each word left out, OR-ed (3 to MAX_MOST_WORDS words). */
  mostWords: string | null;
  /** "w1 & w2 & w3:*" when the last word completes to a word of the index. */
  prefix: string | null;
  words: string[];
  /** Every word typed is a word of the index. */
  allWordsKnown: boolean;
}

interface TermRow {
  word: string;
  known: boolean;
  completion: string | null;
  closest: string | null;
}

/**
 * Reads what the plan needs in one statement: which words (and adjacent pairs joined) the index
 * knows; for an unknown word of 3 letters or more, the closest known word, and for the last one, a
 * word it starts; and the operator's synonyms. On PGlite it also sets two things for the rest of
 * the search's transaction (set_config, local to it): one round trip fewer than a SET of its own;
 * on PostgreSQL the search's connections carry both already (searchReads), and setting them for
 * this statement's own implicit transaction changes nothing.
 * - Every later statement is bounded by the statement timeout; this one is bounded by the query's length.
 * - Generic plans (docs/decisions/0056): the search's statements are prepared once per connection
 *   (lib/db/prepared.ts), and planned once, not per call, for their plans do not depend on the
 *   words searched (the tsqueries are computed in the statement, out of the planner's sight). Left
 *   to choose, PostgreSQL would plan each of them five times first, for every connection.
 * CASE keeps the trigram lookups to the words that need them. `offset 0` keeps "known" a lookup by
 * the primary key per word: pulled up into the CASEs, it became a hash of every term, built per use.
 */
const PLAN_INPUTS = preparedStatement(
  "search_plan",
  sql`select set_config('statement_timeout', ${String(STATEMENT_TIMEOUT_MS)}, true),
      set_config('plan_cache_mode', 'force_generic_plan', true),
      (select coalesce(jsonb_agg(jsonb_build_object('word', w.word, 'known', k.known,
        'completion', case when k.known or w.pair or length(w.word) < 3 or not w.last then null else
          (select t.term from search_terms t where t.term like w.word || '%' and t.term <> w.word order by length(t.term), t.term limit 1) end,
        'closest', case when k.known or w.pair or length(w.word) < 3 then null else
          (select t.term from search_terms t where t.term % w.word order by similarity(t.term, w.word) desc, t.term limit 1) end)), '[]'::jsonb)
        from jsonb_to_recordset(${sql.placeholder("entries")}::jsonb) as w(word text, pair boolean, last boolean)
          cross join lateral (select exists (select 1 from search_terms t where t.term = w.word limit 1) as known offset 0) as k) as terms,
      (${synonymsJson()}) as synonyms`,
);

async function readPlanInputs(db: DbExecutor, entries: { word: string; pair: boolean; last: boolean }[]) {
  const [row] = await preparedRows<{ terms: TermRow[]; synonyms: Synonym[] }>(db, PLAN_INPUTS, { entries: JSON.stringify(entries) });
  return { terms: row?.terms ?? [], synonyms: row?.synonyms ?? [] };
}

export async function planQuery(db: DbExecutor, clean: string): Promise<Plan> {
  const words = queryWords(clean);
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`);
  const entries = [
    ...words.map((word, index) => ({ word, pair: false, last: index === words.length - 1 })),
    ...pairs.map((word) => ({ word, pair: true, last: false })),
  ];
  const { terms, synonyms } = await readPlanInputs(db, entries);
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
  const correctedText = corrected.join(" ");
  const variants = new Set([clean, correctedText, joined.join(" ")]);
  for (const text of [...variants]) for (const expanded of expandSynonyms(text, synonyms)) variants.add(expanded);
  const last = words.at(-1);
  const lastRow = last === undefined ? undefined : byWord.get(last);
  const completes = typing && last !== undefined && last.length >= 2 && !lastRow?.known && Boolean(lastRow?.completion);
  const prefix = completes ? [...corrected.slice(0, -1), `${last}:*`].join(" & ") : null;
  const anyWords = new Set(corrected.filter((word) => word.length > 1));
  for (const text of variants) for (const word of queryWords(text)) if (word.length > 1 && word !== last) anyWords.add(word);
  const asTyped = (word: string) => (completes && word === last ? `${word}:*` : word);
  const anyList = [...anyWords].map(asTyped);
  const typed = [...new Set(corrected.filter((word) => word.length > 1))].map(asTyped);
  const mostWords =
    typed.length >= 3 && typed.length <= MAX_MOST_WORDS
      ? typed.map((_, left) => `(${typed.filter((__, index) => index !== left).join(" & ")})`).join(" | ")
      : null;
  return {
    clean,
    variants: [...variants].filter((text) => text.length > 0),
    anyWords: anyList.join(" | "),
    mostWords,
    prefix,
    words,
    allWordsKnown: words.every((word) => byWord.get(word)?.known === true),
  };
}

/**
 * Title similarity is for a name typed short or wrong: not for queries of more words than
 * MAX_SIMILAR_TITLE_WORDS, nor for one whose every word the index holds, whose titles the words
 * already find (the similarity of every title holding a common word, "glass", is the costliest
 * scan a search can make).
 */
const bySimilarTitle = (plan: Plan) => plan.words.length <= MAX_SIMILAR_TITLE_WORDS && !plan.allWordsKnown;

type Kind = "product" | "answer";

interface RankedRow {
  kind: Kind;
  key: string;
  title: string;
  page: string;
  href: string;
  headline: string | null;
  titleHeadline: string | null;
  total: number;
  /** A product hit's product, live (the products table, joined to the page's rows): null for an answer, or a sku the catalogue no longer has. */
  productName: string | null;
  productCategory: ProductRow["category"] | null;
  productImages: string[] | null;
  discountPriceCents: number | null;
  memberPriceCents: number | null;
  stock: number | null;
  listed: boolean | null;
}

interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * What the ranking statement's text depends on; everything else about a query is a value. A few
 * dozen shapes cover every query, each built and prepared once (docs/decisions/0056).
 */
interface RankShape {
  kinds: readonly Kind[];
  variants: number;
  prefix: boolean;
  similar: boolean;
  most: boolean;
}

/**
 * A kind's name as SQL text, not a value: each kind has its own GIN indexes (partial, `where kind
 * = …`), which the planner can use only for a condition naming the kind itself.
 */
const kindSql = (kind: Kind) => sql.raw(kind === "product" ? "'product'" : "'answer'");

/**
 * How a kind's documents are matched, in order: those matching one form of the query whole (the
 * tsvector index); when none does, titles similar to the query as typed (the trigram index: names
 * typed short and wrong, "purifer", "ro 600"); when none is, documents matching all its words but
 * one (mostWords); when none does, documents matching any of its words.
 * Each level is a scan of its own with one condition its index answers, run only when the levels
 * before it found nothing (a pseudo-constant `not exists`, which the database checks once, before
 * the scan): a condition chosen per row made it compute the title similarity of every document.
 * Every match of the level is counted and scored by ts_rank; the best CANDIDATES go on. A level
 * carries its rows' keys and scores alone (scored below the count, `offset 0` keeps it there): with
 * the titles and bodies, the thousands of rows a common word matches were held for the count in a
 * temporary file ("alkaline pitcher": 28 ms, 16 without).
 */
function levels(shape: RankShape, kind: Kind): { name: string; body: SQL }[] {
  const found: { name: string; body: SQL }[] = [];
  const level = (name: string, condition: SQL, anyWeight: SQL) => {
    const earlier = found.map((previous) => sql`not exists (select 1 from ${sql.raw(previous.name)}) and `);
    found.push({
      name,
      body: sql`select s.key, s.base, (count(*) over ())::int as total
        from (select d.key, (ts_rank(d.document, q.allq) + ${anyWeight})::float8 as base
          from search_documents d, q
          where ${sql.join(earlier, sql``)}d.kind = ${kindSql(kind)} and ${condition}
          offset 0) s
        order by s.base desc, s.key
        limit ${sql.placeholder(`${kind}Candidates`)}`,
    });
  };
  level(`${kind}_whole`, sql`d.document @@ q.allq`, sql`0`);
  if (shape.similar) level(`${kind}_similar`, sql`${sql.placeholder("clean")} <% d.title_norm`, sql`0`);
  if (shape.most) level(`${kind}_most`, sql`d.document @@ q.mostq`, sql`0.2 * ts_rank(d.document, q.anyq)`);
  level(`${kind}_any`, sql`d.document @@ q.anyq`, sql`0.2 * ts_rank(d.document, q.anyq)`);
  return found;
}

/**
 * The ranking statement of one shape: each kind asked for, ranked and paged, in one statement (one
 * round trip for every group): its levels' candidates re-ranked with the title's trigram
 * similarity, ts_headline on the page's rows alone. q is materialized: inlined, its stable
 * functions would run again for every row. The title with every matched word marked: a question
 * found by its title ("how often") has nothing to mark in the body's fragment. A product hit's
 * product comes with it (a join on the page's rows, by the primary key): a statement of its own was
 * one round trip more per search (docs/decisions/0056).
 */
function rankSql(shape: RankShape): SQL {
  const parts = Array.from(
    { length: shape.variants },
    (_, index) => sql`websearch_to_tsquery('english', unaccent(${sql.placeholder(`variant${index}`)}))`,
  );
  if (shape.prefix) parts.push(sql`to_tsquery('english', unaccent(${sql.placeholder("prefix")}))`);
  const mostq = shape.most ? sql`to_tsquery('english', unaccent(${sql.placeholder("mostWords")}))` : sql`null::tsquery`;
  const ctes: SQL[] = [
    sql`q as materialized (select ${sql.join(parts, sql` || `)} as allq, to_tsquery('english', unaccent(${sql.placeholder("anyWords")})) as anyq, ${mostq} as mostq)`,
  ];
  const ranked: SQL[] = [];
  for (const kind of shape.kinds) {
    const kindLevels = levels(shape, kind);
    for (const { name, body } of kindLevels) ctes.push(sql`${sql.raw(name)} as (${body})`);
    const union = sql.join(
      kindLevels.map(({ name }) => sql`select * from ${sql.raw(name)}`),
      sql` union all `,
    );
    ctes.push(sql`${sql.raw(`${kind}_page`)} as (
      select ${kindSql(kind)}::text as kind, d.key, d.title, d.page, d.href, d.body, c.total,
        (c.base + 0.5 * word_similarity(${sql.placeholder("clean")}, d.title_norm))::float8 as score
      from (${union}) c join search_documents d on d.kind = ${kindSql(kind)} and d.key = c.key
      order by score desc, c.key
      limit ${sql.placeholder(`${kind}Limit`)} offset ${sql.placeholder(`${kind}Offset`)})`);
    ranked.push(sql`select * from ${sql.raw(`${kind}_page`)}`);
  }
  return sql`with ${sql.join(ctes, sql`, `)}
      select r.kind, r.key, r.title, r.page, r.href, r.total,
        p.name as "productName", p.category as "productCategory", p.images as "productImages",
        p.discount_price_cents as "discountPriceCents", p.member_price_cents as "memberPriceCents", p.stock, p.listed,
        case when r.kind = 'answer' then ts_headline('english', r.body, q.allq || q.anyq, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=1`}) end as headline,
        case when r.kind = 'answer' then ts_headline('english', r.title, q.allq || q.anyq, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`}) end as "titleHeadline"
      from (${sql.join(ranked, sql` union all `)}) r cross join q
        left join products p on r.kind = 'product' and p.sku = r.key
      order by r.kind, r.score desc, r.key`;
}

// Per process (and per copy of this module in it): the statement of each shape met so far.
const rankStatements = new Map<string, PreparedStatement>();

function rankStatement(shape: RankShape): PreparedStatement {
  const key = `${shape.kinds.join("+")}:${shape.variants}:${shape.prefix}:${shape.similar}:${shape.most}`;
  let statement = rankStatements.get(key);
  if (!statement) {
    statement = preparedStatement("search_rank", rankSql(shape));
    rankStatements.set(key, statement);
  }
  return statement;
}

/** Each kind asked for, ranked and paged: rankSql's statement for the plan's shape, with the plan's values. */
export async function rankDocuments(
  db: DbExecutor,
  plan: Plan,
  pages: Partial<Record<Kind, PageRequest>>,
): Promise<Record<Kind, { rows: RankedRow[]; total: number }>> {
  const none = { rows: [], total: 0 };
  const kinds = (["product", "answer"] as const).filter((kind) => pages[kind]);
  if (plan.variants.length === 0 || kinds.length === 0) return { product: none, answer: none };
  const shape: RankShape = {
    kinds,
    variants: plan.variants.length,
    prefix: plan.prefix !== null,
    similar: bySimilarTitle(plan),
    most: plan.mostWords !== null,
  };
  const values: Record<string, unknown> = { clean: plan.clean, anyWords: plan.anyWords, prefix: plan.prefix, mostWords: plan.mostWords };
  for (const [index, text] of plan.variants.entries()) values[`variant${index}`] = text;
  for (const kind of kinds) {
    const page = pages[kind] ?? { limit: 0, offset: 0 };
    Object.assign(values, {
      [`${kind}Candidates`]: page.offset + page.limit + CANDIDATES,
      [`${kind}Limit`]: page.limit,
      [`${kind}Offset`]: page.offset,
    });
  }
  const rows = await preparedRows<RankedRow>(db, rankStatement(shape), values);
  const of = (kind: Kind) => {
    const kindRows = rows.filter((row) => row.kind === kind);
    return { rows: kindRows, total: kindRows[0]?.total ?? 0 };
  };
  return { product: of("product"), answer: of("answer") };
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
  const member = viewer && rows.length > 0 ? await isMemberAt(db, viewer.userId) : false;
  return rows.flatMap((row) => {
    // The index follows the catalogue in its transactions; the live row (joined by the ranking
    // statement) is the last word all the same.
    if (row.listed !== true || row.productName === null || row.productCategory === null) return [];
    return [
      {
        skuNum: row.key,
        name: row.productName,
        category: row.productCategory,
        picture: row.productImages?.[0] ?? null,
        price: centsToAmount(row.discountPriceCents ?? 0),
        memberPrice: member && row.memberPriceCents !== null ? centsToAmount(row.memberPriceCents) : null,
        inStock: (row.stock ?? 0) > 0,
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
  const outcome = await searchReads(async (tx) => {
    const plan = await planQuery(tx, clean);
    const { product: products, answer: answers } = await rankDocuments(tx, plan, { product: paging.products, answer: paging.answers });
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
  const suggestions = nothing ? await searchReads((db) => closestTerms(db, outcome.plan)) : [];
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
