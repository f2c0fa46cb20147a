"use client";

import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { ButtonRow } from "@/components/ui/button";
import { formatAmount } from "@/lib/rules/money";

/**
 * Test mode's stand-in for the bank's check (3-D Secure): no bank is asked, so the customer says how
 * it ends. Closing it (Escape, outside) answers nothing: the payment keeps waiting.
 */
export function TestBankDialog({
  open,
  total,
  onClose,
  onAnswer,
}: {
  open: boolean;
  total: string;
  onClose: () => void;
  onAnswer: (passed: boolean) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid="test-bank-check" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-xl font-semibold text-ink">Your bank&apos;s check (Test mode)</DialogTitle>
          <Description className="mt-2 text-[15px] text-ink-soft">
            In Test mode no bank is asked: this window stands in for your bank&apos;s 3-D Secure check of the payment of{" "}
            {formatAmount(total)}. Confirm to pass the check and pay, or Fail to see what happens when the bank refuses it.
          </Description>
          <div className="mt-5">
            <ButtonRow primaryFirstOnPhone>
              <button
                type="button"
                onClick={() => onAnswer(false)}
                className="h-12 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
              >
                Fail
              </button>
              <button
                type="button"
                onClick={() => onAnswer(true)}
                className="h-12 rounded-full bg-brand-600 font-semibold text-white hover:bg-brand-700"
              >
                Confirm
              </button>
            </ButtonRow>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
