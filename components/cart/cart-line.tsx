"use client";

import { Image } from "@/components/ui/image";
import type { CartItem } from "@/lib/schemas/cart";
import { UI } from "@/lib/config/store";
import { Price } from "@/components/catalog/price";
import { QuantityStepper } from "@/components/ui/quantity-stepper";

interface CartLineProps {
  item: CartItem;
  /** The quantity to show: the customer's latest choice while it is being sent. */
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  onDelete: () => void;
  /** The customer's membership runs: a line with a member price is priced at it (as the server totals it). */
  member: boolean;
}

/** One product in the drawer: first image, name, attributes tag, specs, stepper, prices, delete. */
export function CartLine({ item, quantity, onQuantityChange, onDelete, member }: CartLineProps) {
  const memberPrice = member ? item.memberPrice : null;
  const max = Math.min(item.stock, UI.quantity.max);
  const image = item.image[0];
  return (
    <li data-testid="cart-line" data-sku={item.skuNum} className="flex gap-4 border-b border-line py-4 last:border-b-0">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-canvas desk:h-24 desk:w-24">
        {image ? <Image src={image} alt="" width={96} height={96} className="h-full w-full object-contain" /> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-sm font-semibold text-ink desk:text-base">{item.name}</h3>
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${item.name}`}
            className="-my-2.5 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-2 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            Delete
          </button>
        </div>
        {item.attributes ? (
          <span className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">{item.attributes}</span>
        ) : null}
        {item.spec.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-ink-muted">
            {item.spec.map((row) => (
              <div key={row.spec_key} className="contents">
                <dt>{row.spec_name}</dt>
                <dd className="text-ink-soft">{row.spec_value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper value={quantity} max={max} onChange={onQuantityChange} label={`Quantity of ${item.name}`} />
          {memberPrice ? (
            <div className="text-right" data-testid="cart-member-price">
              <p className="text-xs font-semibold text-leaf-700">Member price</p>
              <Price originalPrice={item.discountPrice} discountPrice={memberPrice} />
            </div>
          ) : (
            <Price originalPrice={item.originalPrice} discountPrice={item.discountPrice} />
          )}
        </div>
        {item.stock <= 0 ? (
          <p className="text-xs font-medium text-red-700">This product is out of stock.</p>
        ) : quantity > item.stock ? (
          <p className="text-xs font-medium text-red-700">Only {item.stock} left in stock.</p>
        ) : null}
      </div>
    </li>
  );
}
