"use client";

import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";

interface DeleteConfirmationProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation before a cart line is deleted. Its texts are fixed word for word, odd English
 * included (e2e/cart.spec.ts checks them).
 */
export function DeleteConfirmation({ open, onConfirm, onCancel }: DeleteConfirmationProps) {
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-[70]">
      <div className="fixed inset-0 bg-ink/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid="cart-delete-confirmation" className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-semibold text-ink">Whether to delete the product?</DialogTitle>
          <Description className="mt-2 text-sm text-ink-soft">
            After deleting the product, it will be removed from shopping cart
          </Description>
          <div className="mt-6 flex gap-3">
            <button
              type="button"
              onClick={onCancel}
              className="h-11 flex-1 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="h-11 flex-1 rounded-full bg-red-700 font-semibold text-white hover:bg-red-800"
            >
              YES,Delete
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
