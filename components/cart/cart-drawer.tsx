"use client";

import { useCallback, useEffect, useState, type CSSProperties } from "react";
import { useRouter } from "next/navigation";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtom, useAtomValue } from "jotai";
import { QueryProvider } from "@/components/layout/query-provider";
import { cartDrawerOpenAtom, referralCodeAtom } from "@/lib/state/atoms";
import { UI } from "@/lib/config/store";
import { ROUTES, paymentPath } from "@/lib/config/routes";
import { withReferral } from "@/lib/visitor/referral";
import { amountToCents, formatAmount, formatFee } from "@/lib/rules/money";
import type { CartItem } from "@/lib/schemas/cart";
import { ApiError } from "@/lib/api/envelope";
import { failureMessage } from "@/lib/api/messages";
import { cartListQueryKey, checkoutCart, fetchCartList, reloadCartList, removeCartItem, updateCartItem } from "@/lib/api/cart";
import { useDebouncedQuantities } from "@/lib/hooks/use-debounced-quantities";
import { CloseIcon } from "@/components/ui/icons";
import { EmptyOrder } from "@/components/ui/empty-order";
import { ShopLink } from "@/components/ui/shop-link";
import { Button } from "@/components/ui/button";
import { CartLine } from "./cart-line";
import { DeleteConfirmation } from "./delete-confirmation";
import { ShippingProgress } from "./shipping-progress";
import { TAP_TARGET } from "@/components/ui/tap-target";

const drawerWidths = {
  "--drawer-mobile": `${UI.cartDrawer.mobileWidthPercent}%`,
  "--drawer-desktop": `${UI.cartDrawer.desktopWidthPx}px`,
} as CSSProperties;

function loadFailure(error: unknown): string {
  return error instanceof ApiError ? error.message : failureMessage(error);
}

/**
 * The cart drawer: slides in from the right, 600 px wide on desktop and 95% of a phone screen.
 * The top bar mounts it only while it is open, so opening it always reads the list afresh.
 */
function CartDrawerPanel() {
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const code = useAtomValue(referralCodeAtom);
  const router = useRouter();
  const queryClient = useQueryClient();
  const cart = useQuery({ queryKey: cartListQueryKey, queryFn: fetchCartList, refetchOnMount: "always" });
  const [confirming, setConfirming] = useState<CartItem | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const close = () => setOpen(false);

  const sendQuantity = useCallback(
    async (sku: string, quantity: number) => {
      try {
        await updateCartItem(sku, quantity);
      } catch (error) {
        // The client has shown the message; the reload below puts the server's quantity back.
        console.error("Cart update failed:", error);
      } finally {
        await reloadCartList(queryClient);
      }
    },
    [queryClient],
  );
  const quantities = useDebouncedQuantities(sendQuantity, UI.cartUpdateDebounceMs);

  async function deleteConfirmed(item: CartItem) {
    setConfirming(null);
    quantities.cancel(item.skuNum);
    try {
      await removeCartItem(item.skuNum);
    } catch (error) {
      console.error("Cart delete failed:", error);
    } finally {
      await reloadCartList(queryClient);
    }
  }

  async function checkout() {
    setCheckingOut(true);
    try {
      // A quantity still waiting for its debounce belongs in the order.
      await quantities.flush();
      const orderId = await checkoutCart();
      setOpen(false);
      router.push(withReferral(paymentPath(orderId), code));
    } catch (error) {
      console.error("Checkout failed:", error);
    } finally {
      setCheckingOut(false);
      // Emptied by a checkout, or changed by what made it fail (stock): the badge follows either way.
      void reloadCartList(queryClient);
    }
  }

  const items = cart.data?.cartList ?? [];
  const empty = cart.isSuccess && items.length === 0;

  return (
    <Dialog open={open} onClose={close} className="relative z-[60]">
      <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
      <div style={drawerWidths} className="fixed inset-y-0 right-0 flex w-(--drawer-mobile) desk:w-(--drawer-desktop)">
        <DialogPanel data-testid="cart-drawer" className="flex h-full w-full flex-col bg-white shadow-2xl">
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <DialogTitle className="text-lg font-semibold text-ink">Shopping cart</DialogTitle>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
            >
              <CloseIcon />
            </button>
          </div>

          <div className="flex flex-1 flex-col overflow-y-auto px-5" aria-busy={cart.isFetching}>
            {cart.isPending ? (
              <p role="status" className="m-auto text-sm text-ink-muted">
                Loading your cart…
              </p>
            ) : cart.isError && !cart.data ? (
              <div role="alert" className="m-auto flex flex-col items-center gap-3 text-center">
                <p className="text-sm text-ink">{loadFailure(cart.error)}</p>
                <button
                  type="button"
                  onClick={() => void cart.refetch()}
                  className="h-11 rounded-full border border-line px-5 text-sm font-semibold text-ink hover:bg-canvas"
                >
                  Try again
                </button>
              </div>
            ) : empty ? (
              <div className="m-auto">
                <EmptyOrder
                  title="Your cart is empty"
                  message="Add a purifier, filters or a plan from the store."
                  action={
                    <ShopLink
                      href={ROUTES.store}
                      onClick={close}
                      className={`${TAP_TARGET} text-sm font-semibold text-brand-700 underline`}
                    >
                      Go to the store
                    </ShopLink>
                  }
                />
              </div>
            ) : (
              <ul aria-label="Products in your cart">
                {items.map((item) => (
                  <CartLine
                    key={item.skuNum}
                    item={item}
                    quantity={quantities.quantityOf(item.skuNum, item.quantity)}
                    onQuantityChange={(quantity) => quantities.change(item.skuNum, quantity)}
                    onDelete={() => setConfirming(item)}
                    member={cart.data?.member ?? false}
                  />
                ))}
              </ul>
            )}
          </div>

          <div className="space-y-3 border-t border-line px-5 py-4">
            {cart.data && !empty ? (
              <>
                <ShippingProgress
                  shippedSubTotal={cart.data.shippedSubTotal}
                  freeShippingThreshold={cart.data.freeShippingThreshold}
                  amountToFreeShipping={cart.data.amountToFreeShipping}
                  member={cart.data.member}
                />
                <dl className="space-y-1 text-sm">
                  <div className="flex justify-between text-ink-soft">
                    {amountToCents(cart.data.shippedSubTotal) === 0 ? (
                      <>
                        <dt>Shipping</dt>
                        <dd data-testid="cart-shipping">None</dd>
                      </>
                    ) : (
                      <>
                        <dt>Shipping (UPS Ground)</dt>
                        <dd data-testid="cart-shipping">{formatFee(cart.data.shipping)}</dd>
                      </>
                    )}
                  </div>
                  <div className="flex justify-between text-base font-semibold text-ink">
                    <dt>Subtotal</dt>
                    <dd data-testid="cart-total">{formatAmount(cart.data.subTotal)}</dd>
                  </div>
                </dl>
              </>
            ) : null}
            <p className="text-sm text-ink-muted">Taxes are calculated at checkout.</p>
            <div className="flex gap-3">
              <button
                type="button"
                onClick={close}
                className="h-11 flex-1 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
              >
                Close
              </button>
              <Button
                onClick={() => void checkout()}
                disabled={!cart.isSuccess || items.length === 0 || checkingOut}
                className="h-11 flex-1 disabled:cursor-not-allowed disabled:bg-brand-200"
              >
                {checkingOut ? "Checking out…" : "Checkout"}
              </Button>
            </div>
          </div>
          {/* Inside the panel: Headless UI treats it as a child dialog, so its clicks do not close the drawer. */}
          <DeleteConfirmation
            open={confirming !== null}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              if (confirming) void deleteConfirmed(confirming);
            }}
          />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/**
 * Gives focus back to whatever had it when the drawer opened (the cart button, Add to cart) once
 * the drawer is gone. Headless UI does so for a dialog that stays mounted, but this one unmounts as
 * it closes, and on touch screens focus was then left on the page itself, so a keyboard user
 * started again from the top.
 */
function useFocusBackOnClose() {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    },
    [opener],
  );
}

/** The drawer loads on demand, with the data cache it shares with the rest of the page. */
export function CartDrawer() {
  useFocusBackOnClose();
  return (
    <QueryProvider>
      <CartDrawerPanel />
    </QueryProvider>
  );
}
