"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useAtomValue, useSetAtom } from "jotai";
import { NETWORK_MESSAGE } from "@/lib/api/messages";
import { useSignedIn } from "@/lib/api/session";
import { maxQuantity, stockState } from "@/lib/catalog-display";
import { paymentPath } from "@/lib/config/routes";
import { UI } from "@/lib/config/store";
import { loginHrefKeepingReturn } from "@/lib/login-redirect";
import { rememberPurchase, type PurchaseAction } from "@/lib/purchase-intent";
import { cartDrawerOpenAtom, referralCodeAtom } from "@/lib/state/atoms";
import { showAlertAtom } from "@/lib/state/notices";
import { Button, ButtonRow } from "@/components/ui/button";
import { QuantityStepper } from "@/components/ui/quantity-stepper";

const actionSize = "inline-flex h-12 items-center justify-center px-6 disabled:cursor-not-allowed disabled:opacity-50";
const STOCK_TONE = { in_stock: "text-leaf-700", low: "text-amber-700", out: "text-red-700" } as const;

/**
 * The product page's only client island: stock state, quantity, Add to cart and Buy now. The stock
 * is the one the cached page was rendered with; every order that moves it renders the page again,
 * and checkout re-checks it, refreshing the page when it was behind.
 */
export function BuyBox({ skuNum, name, stock }: { skuNum: string; name: string; stock: number }) {
  const router = useRouter();
  const signedIn = useSignedIn();
  const referralCode = useAtomValue(referralCodeAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const [quantity, setQuantity] = useState<number>(UI.quantity.min);
  const [busy, setBusy] = useState<PurchaseAction | null>(null);
  const state = stockState(stock);
  const max = maxQuantity(stock);
  const soldOut = state.kind === "out";

  async function run(action: PurchaseAction) {
    const intent = { action, skuNum, quantity: Math.min(quantity, max) };
    if (!signedIn) {
      // Carried out once they have logged in or registered and come back here (lib/purchase-intent.ts).
      rememberPurchase(intent);
      router.push(loginHrefKeepingReturn(referralCode));
      return;
    }
    setBusy(action);
    try {
      const actions = await import("./buy-actions");
      try {
        if (action === "cart") {
          await actions.addToCart(skuNum, intent.quantity);
          openDrawer(true);
        } else {
          router.push(paymentPath(await actions.buyNow(skuNum, intent.quantity)));
        }
      } catch (error) {
        // The API client has shown the message; a refusal about stock means this page's count is old.
        if (actions.isSessionEnded(error)) rememberPurchase(intent);
        else if (actions.isStockRefusal(error)) router.refresh();
        else if (!actions.isShownApiError(error)) throw error;
      }
    } catch (error) {
      // The actions' code could not load (offline), or a bug: say so instead of doing nothing.
      console.error("Buy box action failed:", error);
      showAlert({ tone: "error", message: NETWORK_MESSAGE });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-5">
      <p data-testid="stock-state" className={`text-sm font-semibold ${STOCK_TONE[state.kind]}`}>
        {state.text}
      </p>
      {soldOut ? null : (
        <div className="flex items-center gap-3">
          <QuantityStepper
            editable
            value={Math.min(quantity, max)}
            max={max}
            onChange={setQuantity}
            disabled={busy !== null}
            label={`Quantity of ${name}`}
          />
          <span className="text-sm text-ink-muted">{max < UI.quantity.max ? `at most ${max}` : null}</span>
        </div>
      )}
      <ButtonRow>
        <Button variant="secondary" onClick={() => void run("cart")} disabled={soldOut || busy !== null} className={actionSize}>
          {busy === "cart" ? "Adding…" : "Add to cart"}
        </Button>
        <Button onClick={() => void run("buy")} disabled={soldOut || busy !== null} className={actionSize}>
          {busy === "buy" ? "One moment…" : "Buy now"}
        </Button>
      </ButtonRow>
      {signedIn ? null : <p className="text-sm text-ink-muted">You will be asked to log in first, then brought back here.</p>}
    </div>
  );
}
