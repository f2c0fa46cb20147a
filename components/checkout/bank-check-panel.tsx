"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatAmount } from "@/lib/rules/money";

// Only Test mode's payments that wait on the bank open it: its code (and the dialog library's) is
// fetched on the first open, not with every payment page (the page's JavaScript budget).
const TestBankDialog = lazy(() => import("./test-bank-dialog").then((module) => ({ default: module.TestBankDialog })));

/**
 * A payment waiting for the bank's check: the check can run here, or the customer pays another way
 * below. In Test mode (`onTestAnswer`) the check opens as a dialog that stands in for the bank.
 */
export function BankCheckPanel({
  total,
  busy,
  paying,
  onConfirm,
  onTestAnswer,
}: {
  total: string;
  busy: boolean;
  paying: boolean;
  onConfirm: () => void;
  /** Test mode: the customer passes or fails the check in the dialog; null with a real bank. */
  onTestAnswer: ((passed: boolean) => void) | null;
}) {
  const [testBankOpen, setTestBankOpen] = useState(false);
  // Mounted from the first open on, so that later closes and opens run as the dialog's own.
  const [testBankWanted, setTestBankWanted] = useState(false);
  return (
    <section aria-labelledby="bank-check-title" data-testid="bank-check" className="rounded-2xl border border-brand-600 bg-brand-50 p-5">
      <h2 id="bank-check-title" className="text-xl font-semibold text-ink">
        Your bank asks you to confirm this payment
      </h2>
      <p className="mt-2 text-ink-soft">
        Nothing has been charged yet. Confirm the payment of {formatAmount(total)} with your bank: its check opens on this page. You can
        also pay with another card below instead.
      </p>
      <Button
        type="button"
        onClick={
          onTestAnswer
            ? () => {
                setTestBankWanted(true);
                setTestBankOpen(true);
              }
            : onConfirm
        }
        disabled={busy}
        aria-haspopup={onTestAnswer ? "dialog" : undefined}
        className="mt-4 h-12 px-6 text-base disabled:cursor-not-allowed disabled:bg-brand-300"
      >
        {paying ? "Confirming…" : "Confirm with your bank"}
      </Button>
      {onTestAnswer && testBankWanted ? (
        <Suspense fallback={null}>
          <TestBankDialog
            open={testBankOpen}
            total={total}
            onClose={() => setTestBankOpen(false)}
            onAnswer={(passed) => {
              setTestBankOpen(false);
              onTestAnswer(passed);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
