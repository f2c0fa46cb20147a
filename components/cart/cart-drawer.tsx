"use client";

import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useAtom } from "jotai";
import type { CSSProperties } from "react";
import { cartDrawerOpenAtom } from "@/lib/state/atoms";
import { UI } from "@/lib/config/store";
import { CloseIcon } from "@/components/ui/icons";
import { EmptyOrder } from "@/components/ui/empty-order";

const drawerWidths = {
  "--drawer-mobile": `${UI.cartDrawer.mobileWidthPercent}%`,
  "--drawer-desktop": `${UI.cartDrawer.desktopWidthPx}px`,
} as CSSProperties;

/** The cart drawer: slides in from the right, 600 px wide on desktop and 95% of a phone screen. */
export function CartDrawer() {
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onClose={close} className="relative z-[60]">
      <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
      <div style={drawerWidths} className="fixed inset-y-0 right-0 flex w-(--drawer-mobile) desk:w-(--drawer-desktop)">
        <DialogPanel
          data-testid="cart-drawer"
          className="flex h-full w-full flex-col bg-white shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <DialogTitle className="text-lg font-semibold text-ink">Shopping cart</DialogTitle>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-brand-50"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex flex-1 flex-col items-center justify-center overflow-y-auto px-5 py-8">
            <EmptyOrder title="Your cart is empty" message="Add a purifier, filters or a plan from the store." />
          </div>
          <div className="border-t border-line px-5 py-4">
            <p className="mb-3 text-sm text-ink-muted">Taxes are calculated at checkout.</p>
            <div className="flex gap-3">
              <button
                type="button"
                onClick={close}
                className="h-11 flex-1 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
              >
                Close
              </button>
              <button
                type="button"
                disabled
                className="h-11 flex-1 rounded-full bg-brand-600 font-semibold text-white disabled:cursor-not-allowed disabled:bg-brand-200"
              >
                Checkout
              </button>
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
