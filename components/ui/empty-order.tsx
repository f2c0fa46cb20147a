import { Image } from "@/components/ui/image";
import type { ReactNode } from "react";

interface EmptyOrderProps {
  title?: string;
  message?: string;
  /** A call to action under the message, such as a link to the store. */
  action?: ReactNode;
}

/** The placeholder shown where a list of orders (or a cart) has nothing in it yet. */
export function EmptyOrder({
  title = "No orders yet",
  message = "When you place an order, it will appear here.",
  action,
}: EmptyOrderProps) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <Image src="/images/empty-orders.svg" alt="" width={200} height={150} />
      <p className="text-base font-semibold text-ink">{title}</p>
      <p className="max-w-xs text-sm text-ink-muted">{message}</p>
      {action}
    </div>
  );
}
