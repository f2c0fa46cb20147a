import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { productPath, ROUTES } from "@/lib/config/routes";
import { faqGroups } from "@/lib/content/faq";
import { PAGE_SECTIONS } from "@/lib/content/page-sections";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import type { ProductRow } from "@/lib/db/schema/products";
import { searchTitleSql, searchVectorSql } from "@/lib/db/search-vector";
import { findProduct, listedProducts } from "@/lib/server/catalog/lookups";
import { inTransaction } from "@/lib/server/transaction";

// The search index (search_documents): listed products, the FAQ's entries and the page sections,
// each with its tsvector. Products follow the catalogue through its announcement, in the
// transaction of the change; the static content and the whole catalogue are synced once per
// process, at its first search (idempotent, one process at a time).

export interface IndexedDocument {
  kind: "product" | "answer";
  key: string;
  page: string;
  href: string;
  title: string;
  category: string;
  body: string;
  keywords: string;
}

/** Rows of a raw statement; both drivers answer `{ rows }`. */
export async function rowsOf<Row>(db: DbExecutor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const CATEGORY_WORDS: Record<ProductRow["category"], string> = {
  purifier: "Water purifier",
  filter: "Replacement filter",
  membership: "Membership plan",
  care: "Care plan warranty",
  repair: "Repair service",
  accessory: "Accessory",
};

/**
 * Other spellings of a name's words that a visitor types: "prefilter" for "pre-filter", "ro 600"
 * for "RO600", and the sku with and without its dashes.
 */
export function spellings(...texts: string[]): string {
  const found = new Set<string>();
  for (const text of texts) {
    for (const token of text.toLowerCase().split(/[\s,.()·/+]+/)) {
      if (token.includes("-")) found.add(token.replace(/-/g, ""));
      for (const part of token.split("-")) {
        const split = part.replace(/(\p{L})(\p{N})/gu, "$1 $2").replace(/(\p{N})(\p{L})/gu, "$1 $2");
        if (split !== part) found.add(split);
      }
    }
  }
  return [...found].join(" ");
}

export function productDocument(row: ProductRow): IndexedDocument {
  return {
    kind: "product",
    key: row.sku,
    page: row.category,
    href: productPath(row.sku),
    title: row.name,
    category: CATEGORY_WORDS[row.category],
    body: [row.subtitle, row.attributes, row.description, ...row.spec.map((spec) => `${spec.spec_name} ${spec.spec_value}`)].join(" "),
    keywords: `${row.sku} ${spellings(row.name, row.sku)}`,
  };
}

/** The FAQ's entries and the pages' sections, as the pages show them (lib/content). */
export function staticDocuments(): IndexedDocument[] {
  const faq = faqGroups().flatMap((group) =>
    group.items.map((item) => ({
      kind: "answer" as const,
      key: `faq:${item.id}`,
      page: "FAQ",
      href: `${ROUTES.faq}#${item.id}`,
      title: item.question,
      category: `${group.title} FAQ`,
      body: item.answer,
      keywords: spellings(item.question),
    })),
  );
  const sections = PAGE_SECTIONS.map((section) => ({
    kind: "answer" as const,
    key: `section:${section.path}#${section.anchor}`,
    page: section.page,
    href: `${section.path}#${section.anchor}`,
    title: section.title,
    category: `${section.page} page`,
    body: section.quotes.join(" "),
    keywords: spellings(section.title),
  }));
  return [...faq, ...sections];
}

const VECTOR = sql.raw(searchVectorSql("v"));
const TITLE = sql.raw(searchTitleSql("v"));

/** Writes documents (inserted or replaced), their tsvector computed by the same statement. */
export async function writeDocuments(db: DbExecutor, documents: readonly IndexedDocument[]): Promise<void> {
  for (let start = 0; start < documents.length; start += 500) {
    const batch = JSON.stringify(documents.slice(start, start + 500));
    await db.execute(sql`
      insert into search_documents (kind, key, page, href, title, category, body, keywords, document, title_norm, updated_at)
      select v.kind, v.key, v.page, v.href, v.title, v.category, v.body, v.keywords,
        ${VECTOR}, ${TITLE}, now()
      from jsonb_to_recordset(${batch}::jsonb)
        as v(kind text, key text, page text, href text, title text, category text, body text, keywords text)
      on conflict (kind, key) do update set page = excluded.page, href = excluded.href, title = excluded.title,
        category = excluded.category, body = excluded.body, keywords = excluded.keywords, document = excluded.document,
        title_norm = excluded.title_norm, updated_at = excluded.updated_at`);
    await db.execute(sql`
      insert into search_terms (term)
      select distinct word from jsonb_to_recordset(${batch}::jsonb) as v(title text, category text, body text, keywords text),
        regexp_split_to_table(lower(unaccent(v.title || ' ' || v.keywords || ' ' || v.category || ' ' || v.body)), '[^a-z0-9]+') as word
      where length(word) between 2 and 40
      on conflict (term) do nothing`);
  }
}

/** A product as it is now in `tx`: indexed when listed, gone from the index when not (or deleted). */
export async function reindexProduct(tx: Transaction, sku: string): Promise<void> {
  const row = await findProduct(tx, sku);
  if (row?.listed) await writeDocuments(tx, [productDocument(row)]);
  else await tx.execute(sql`delete from search_documents where kind = 'product' and key = ${sku}`);
}

/**
 * The whole index brought in line with the catalogue and the content: listed products and the
 * static answers written, anything else of theirs removed, the terms list rebuilt. Answers other
 * than the FAQ's and the sections (none in the shop; the benchmark adds some) are left alone.
 */
export async function syncIndex(): Promise<void> {
  await inTransaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lenwell:search-index'))`);
    const products = (await listedProducts(tx)).map(productDocument);
    const answers = staticDocuments();
    await writeDocuments(tx, [...products, ...answers]);
    const productKeys = JSON.stringify(products.map((document) => document.key));
    const answerKeys = JSON.stringify(answers.map((document) => document.key));
    await tx.execute(sql`
      delete from search_documents where kind = 'product' and key not in (select jsonb_array_elements_text(${productKeys}::jsonb))`);
    await tx.execute(sql`
      delete from search_documents where kind = 'answer' and (key like 'faq:%' or key like 'section:%')
        and key not in (select jsonb_array_elements_text(${answerKeys}::jsonb))`);
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`
      insert into search_terms (term)
      select distinct word from search_documents d,
        regexp_split_to_table(lower(unaccent(d.title || ' ' || d.keywords || ' ' || d.category || ' ' || d.body)), '[^a-z0-9]+') as word
      where length(word) between 2 and 40
      on conflict (term) do nothing`);
    // Fresh statistics for the planner: after the first sync of a large catalogue, the tables would
    // otherwise be planned on empty-table guesses until autovacuum analysed them.
    await tx.execute(sql`analyze search_documents, search_terms`);
  });
}

// Once per process and database (tests open one per suite); a failed sync is tried again next time.
const holder = globalThis as typeof globalThis & { __lenwellSearchSynced?: WeakMap<object, Promise<void>> };

/** The index synced in this process before its first search. */
export async function ensureIndexed(): Promise<void> {
  const db = await getDb();
  const synced = (holder.__lenwellSearchSynced ??= new WeakMap());
  let done = synced.get(db);
  if (!done) {
    done = syncIndex();
    synced.set(db, done);
    void done.catch(() => synced.delete(db));
  }
  await done;
}
