"use client";

import { useEffect, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ButtonLink } from "@/components/ui/button-link";
import { orderQueryKey } from "@/lib/api/orders";
import { paymentPath } from "@/lib/config/routes";
import { formatOrderDateTime, formatTimeLeft } from "@/lib/display/order-display";
import type { Order } from "@/lib/schemas/order";

function subscribeToSeconds(onTick: () => void) {
  const timer = window.setInterval(onTick, 1000);
  return () => window.clearInterval(timer);
}
const nowInSeconds = () => Math.floor(Date.now() / 1000);
// The server's HTML names the deadline only; the countdown starts in the browser, so hydration matches.
const noClockOnServer = () => null;

/** An unpaid order: how long it still holds its items, and the way to the payment page. */
export function PayNow({ order }: { order: Order }) {
  const now = useSyncExternalStore(subscribeToSeconds, nowInSeconds, noClockOnServer);
  const queryClient = useQueryClient();
  const deadline = order.expiresAt ? Date.parse(order.expiresAt) : null;
  const left = deadline !== null && now !== null ? deadline - now * 1000 : null;
  const expired = left !== null && left <= 0;

  useEffect(() => {
    // The server cancels an order that ran out of time; ask it for the order as it is now.
    if (expired) void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.orderId) });
  }, [expired, order.orderId, queryClient]);

  return (
    <section aria-labelledby="pay-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="pay-title" className="text-lg font-semibold text-ink">
        Awaiting payment
      </h2>
      {order.expiresAt ? (
        <p className="mt-1 text-[15px] text-ink-soft">
          {expired ? (
            "The time to pay this order has run out."
          ) : (
            <>
              Pay by <time dateTime={order.expiresAt}>{formatOrderDateTime(order.expiresAt)}</time>
              {left !== null ? <span data-testid="pay-time-left"> ({formatTimeLeft(left)} left)</span> : null}, or the order is cancelled
              and its items go back on sale.
            </>
          )}
        </p>
      ) : null}
      {expired ? null : (
        <div className="mt-4">
          <ButtonLink href={paymentPath(order.orderId)}>Pay now</ButtonLink>
        </div>
      )}
    </section>
  );
}
