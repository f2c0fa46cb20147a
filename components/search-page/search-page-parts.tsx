import type { ReactNode } from "react";
import { Image } from "@/components/ui/image";
import { ShopLink } from "@/components/ui/shop-link";
import { formatOrderDate, ORDER_STATUS_LABELS } from "@/lib/display/order-display";
import { formatAmount } from "@/lib/rules/money";
import type { AnswerHit, OrderHit, ProductHit, PurifierHit } from "@/lib/schemas/search";
import { SnippetText } from "@/components/search/snippet-text";
import type { OrderStatusValue } from "@/lib/schemas/order";

// The parts of the /search page (app/(shop)/search): server components, no JavaScript. A snippet
// is drawn from its segments, the matched words in <mark>: nothing from a query or the catalogue
// is ever put into the page as markup.

const LINK = "font-semibold text-ink underline-offset-2 hover:text-brand-700 hover:underline";

export function ProductResult({ hit }: { hit: ProductHit }) {
  return (
    <article className="flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-card">
      {hit.picture ? (
        <Image src={hit.picture} alt="" width={96} height={96} className="h-20 w-20 shrink-0 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <h3 className="text-base">
          <ShopLink href={hit.href} className={LINK}>
            {hit.name}
          </ShopLink>
        </h3>
        <p className="mt-1 text-sm text-ink-soft">
          {formatAmount(hit.price)}
          {hit.memberPrice ? <span className="ml-2 font-medium text-leaf-700">Member price {formatAmount(hit.memberPrice)}</span> : null}
        </p>
        <p className={`mt-1 text-sm ${hit.inStock ? "text-leaf-700" : "text-ink-muted"}`}>{hit.inStock ? "In stock" : "Out of stock"}</p>
      </div>
    </article>
  );
}

export function AnswerResult({ hit }: { hit: AnswerHit }) {
  return (
    <article className="rounded-2xl border border-line bg-white p-4 shadow-card">
      <p className="text-xs font-medium uppercase tracking-wider text-ink-muted">{hit.page}</p>
      <h3 className="mt-1 text-base">
        <ShopLink href={hit.href} className={LINK}>
          <SnippetText snippet={hit.titleSnippet} />
        </ShopLink>
      </h3>
      <p className="mt-2 text-sm leading-relaxed text-ink-soft">
        <SnippetText snippet={hit.snippet} />
      </p>
    </article>
  );
}

export function OrderResult({ hit }: { hit: OrderHit }) {
  const status = ORDER_STATUS_LABELS[hit.status as OrderStatusValue] ?? hit.status;
  return (
    <article className="rounded-2xl border border-line bg-white p-4 shadow-card">
      <h3 className="text-base">
        <ShopLink href={hit.href} className={LINK}>
          Order {hit.shortNumber}
        </ShopLink>
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        {hit.summary} · {status} · {formatOrderDate(hit.createdAt)}
      </p>
    </article>
  );
}

export function PurifierResult({ hit }: { hit: PurifierHit }) {
  return (
    <article className="rounded-2xl border border-line bg-white p-4 shadow-card">
      <h3 className="text-base">
        <ShopLink href={hit.href} className={LINK}>
          {hit.model}
        </ShopLink>
      </h3>
      <p className="mt-1 text-sm text-ink-soft">Serial {hit.serial}</p>
    </article>
  );
}

/** One group of results under its heading, with its count and a way on (all of it, or its pages). */
export function ResultGroup({
  id,
  title,
  total,
  children,
  more,
}: {
  id: string;
  title: string;
  total: number;
  children: ReactNode;
  more?: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title} <span className="text-base font-normal text-ink-muted">({total})</span>
      </h2>
      <ul className="mt-4 grid gap-4">{children}</ul>
      {more ? <div className="mt-4 text-sm">{more}</div> : null}
    </section>
  );
}
