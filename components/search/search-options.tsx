import { useId, type MouseEvent, type ReactNode } from "react";
import { ComboboxOption } from "@headlessui/react";
import { Image } from "@/components/ui/image";
import { formatAmount } from "@/lib/rules/money";
import type { AnswerHit, OrderHit, ProductHit, PurifierHit } from "@/lib/schemas/search";
import { SnippetText } from "./snippet-text";

// The predictive search's options, one kind a hit: what the combobox (search-box.tsx) lists.

const optionClass =
  "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-[15px] text-ink no-underline data-[focus]:bg-brand-50 data-[focus]:outline data-[focus]:outline-2 data-[focus]:-outline-offset-2 data-[focus]:outline-brand-500";
const groupLabelClass = "px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-ink-muted first:pt-1";

export function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className={groupLabelClass}>
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * One result: a real link (a middle click or a long press opens it in a new tab), chosen with the
 * keyboard or a plain click through the combobox, which navigates in the page.
 */
export function Option({ href, children }: { href: string; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // The combobox has already chosen it (on mouse down); a new tab or window is the browser's.
    if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) event.preventDefault();
  }
  function onMouseDown(event: MouseEvent<HTMLAnchorElement>) {
    // Handled before the combobox's own: a modified click is not a choice in this page.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) event.preventDefault();
  }
  return (
    <ComboboxOption as="a" value={href} href={href} onClick={onClick} onMouseDown={onMouseDown} className={optionClass}>
      {children}
    </ComboboxOption>
  );
}

export function ProductOption({ hit }: { hit: ProductHit }) {
  return (
    <Option href={hit.href}>
      {hit.picture ? (
        // The name beside it says what it is.
        <Image src={hit.picture} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-md bg-canvas object-contain" />
      ) : (
        <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-md bg-canvas" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{hit.name}</span>
        <span className="flex flex-wrap gap-x-2 text-sm text-ink-soft">
          <span>{formatAmount(hit.price)}</span>
          {hit.memberPrice ? <span className="font-medium text-brand-700">Member {formatAmount(hit.memberPrice)}</span> : null}
          <span className={hit.inStock ? "text-leaf-700" : "text-ink-muted"}>{hit.inStock ? "In stock" : "Out of stock"}</span>
        </span>
      </span>
    </Option>
  );
}

export function AnswerOption({ hit }: { hit: AnswerHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold text-brand-700">{hit.page}</span>
        <span className="block font-medium">
          <SnippetText snippet={hit.titleSnippet} />
        </span>
        <span className="line-clamp-2 text-sm text-ink-soft">
          <SnippetText snippet={hit.snippet} />
        </span>
      </span>
    </Option>
  );
}

export function OrderOption({ hit }: { hit: OrderHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{hit.shortNumber}</span> <span className="text-ink-soft">{hit.summary}</span>
        <span className="block text-sm text-ink-muted">{hit.status}</span>
      </span>
    </Option>
  );
}

export function PurifierOption({ hit }: { hit: PurifierHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{hit.serial}</span> <span className="text-ink-soft">{hit.model}</span>
      </span>
    </Option>
  );
}
