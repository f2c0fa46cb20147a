"use client";

import { useEffect, useRef } from "react";
import { ShopLink } from "@/components/ui/shop-link";
import { buttonClass } from "@/components/ui/button";
import { orderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { orderNumber } from "@/lib/display/order-display";
import { revealResult } from "@/lib/display/reveal-result";
import type { Order } from "@/lib/schemas/order";

/**
 * The paid order in place of the payment form. `reveal`: it was paid just now on this page, so it is
 * brought into view with focus on its heading (the form it replaces may have been scrolled past).
 */
export function PaidPanel({ order, reveal }: { order: Order; reveal: boolean }) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (reveal) revealResult(section.current, heading.current);
  }, [reveal]);

  return (
    <section
      ref={section}
      aria-labelledby="paid-title"
      className="scroll-mt-24 rounded-2xl border border-green-300 bg-green-50 p-6"
      role="status"
    >
      <h2 id="paid-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
        Payment received
      </h2>
      <p className="mt-2 text-ink-soft">
        Order {orderNumber(order.orderId)} is <strong className="text-ink">paid</strong>: {formatAmount(order.total)}. A confirmation is on
        its way to your e-mail.
      </p>
      <ShopLink href={orderPath(order.orderId)} className={buttonClass("primary", "mt-4 inline-flex h-12 items-center px-6")}>
        View your order
      </ShopLink>
    </section>
  );
}
