"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useAtomValue, useSetAtom } from "jotai";
import { NETWORK_MESSAGE } from "@/lib/api/messages";
import { useMemberUntil, useSignedIn } from "@/lib/api/session";
import { maxQuantity, stockState } from "@/lib/display/catalog-display";
import { ACCOUNT_MEMBERSHIP_PATH, paymentPath, ROUTES } from "@/lib/config/routes";
import { UI } from "@/lib/config/store";
import { loginHrefKeepingReturn } from "@/lib/visitor/login-redirect";
import { formatOrderDate } from "@/lib/display/order-display";
import { rememberPurchase, type PurchaseAction } from "@/lib/visitor/purchase-intent";
import { CARE_AWAITING_VERIFICATION_MESSAGE, CARE_NEEDS_PURIFIER_MESSAGE, CARE_NOT_VERIFIED_MESSAGE } from "@/lib/display/purifier-display";
import { cartDrawerOpenAtom, referralCodeAtom } from "@/lib/state/atoms";
import { showAlertAtom } from "@/lib/state/notices";
import { Button, ButtonRow } from "@/components/ui/button";
import { QuantityStepper } from "@/components/ui/quantity-stepper";
import { ShopLink } from "@/components/ui/shop-link";
import { TAP_TARGET } from "@/components/ui/tap-target";

const actionSize =
  "inline-flex h-12 items-center justify-center px-6 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50";
const STOCK_TONE = { in_stock: "text-leaf-700", low: "text-amber-700", out: "text-red-700" } as const;

type Ownership = "unknown" | "owner" | "awaiting" | "rejected" | "none";

/** What the box says instead of the buy buttons, and where it sends the customer. */
const NOT_YET: Readonly<Record<Exclude<Ownership, "unknown" | "owner">, { message: string; link: string }>> = {
  none: { message: CARE_NEEDS_PURIFIER_MESSAGE, link: "Add my purifier" },
  awaiting: { message: CARE_AWAITING_VERIFICATION_MESSAGE, link: "Open My purifiers" },
  rejected: { message: CARE_NOT_VERIFIED_MESSAGE, link: "Open My purifiers" },
};

/**
 * Lenwell Care is sold to owners of a purifier the shop vouches for: for a signed-in customer the
 * box asks once where they stand ("unknown" until then; the server refuses the plan either way).
 */
function usePurifierOwnership(needed: boolean, signedIn: boolean): Ownership {
  const [ownership, setOwnership] = useState<Ownership>("unknown");
  useEffect(() => {
    if (!needed || !signedIn) return;
    let current = true;
    import("./buy-actions")
      .then((actions) => actions.purifierStanding())
      .then((standing) => {
        if (current) setOwnership(standing);
      })
      // Not knowing leaves the buttons as they are: the server still refuses with the same message.
      .catch((error: unknown) => console.error("Purifier check failed:", error));
    return () => {
      current = false;
    };
  }, [needed, signedIn]);
  return needed && signedIn ? ownership : "unknown";
}

/** What an active member sees instead of the buy buttons of a one-per-customer plan. */
function MemberUntil({ until }: { until: string }) {
  return (
    <div role="status" data-testid="member-until" className="space-y-3 rounded-2xl border border-line bg-brand-50 p-5">
      <p className="text-ink">
        You are a member until <time dateTime={until}>{formatOrderDate(until)}</time>.
      </p>
      <ShopLink href={ACCOUNT_MEMBERSHIP_PATH} className={`${TAP_TARGET} font-semibold text-brand-700 underline`}>
        Renewal settings
      </ShopLink>
    </div>
  );
}

/**
 * The product page's only client island: stock state, quantity, Add to cart and Buy now. The stock
 * is the one the cached page was rendered with; every order that moves it renders the page again,
 * and checkout re-checks it, refreshing the page when it was behind. `needsPurifier` (care plans):
 * a customer without a purifier the shop vouches for is sent to add one, or told it waits for
 * verification, instead of a buy button that fails.
 * `onePerCustomer` (the yearly membership): no quantity to choose, and an active member is shown
 * until when the membership runs, from the session's profile, so the page stays one cached page.
 */
export function BuyBox({
  skuNum,
  name,
  stock,
  needsPurifier = false,
  onePerCustomer = false,
}: {
  skuNum: string;
  name: string;
  stock: number;
  needsPurifier?: boolean;
  onePerCustomer?: boolean;
}) {
  const router = useRouter();
  const signedIn = useSignedIn();
  const memberUntil = useMemberUntil();
  const ownership = usePurifierOwnership(needsPurifier, signedIn);
  const referralCode = useAtomValue(referralCodeAtom);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const [quantity, setQuantity] = useState<number>(UI.quantity.min);
  const [busy, setBusy] = useState<PurchaseAction | null>(null);
  const state = stockState(stock);
  const max = maxQuantity(stock);
  const soldOut = state.kind === "out";

  async function run(action: PurchaseAction) {
    // Busy: the buttons only say so (aria-disabled), so a second press is ignored here.
    if (busy !== null) return;
    const intent = { action, skuNum, quantity: onePerCustomer ? 1 : Math.min(quantity, max) };
    if (!signedIn) {
      // Carried out once they have logged in or registered and come back here (lib/visitor/purchase-intent.ts).
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

  if (onePerCustomer && memberUntil) return <MemberUntil until={memberUntil} />;

  if (ownership !== "unknown" && ownership !== "owner") {
    const { message, link } = NOT_YET[ownership];
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-line bg-brand-50 p-5">
        <p className="text-ink">{message}</p>
        <ShopLink href={ROUTES.purifiers} className={`${TAP_TARGET} font-semibold text-brand-700 underline`}>
          {link}
        </ShopLink>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {needsPurifier && !signedIn ? (
        <p className="text-sm text-ink-soft">For owners of a Lenwell purifier registered under My purifiers.</p>
      ) : null}
      <p data-testid="stock-state" className={`text-sm font-semibold ${STOCK_TONE[state.kind]}`}>
        {state.text}
      </p>
      {soldOut ? null : onePerCustomer ? (
        <p className="text-sm text-ink-muted">One per customer.</p>
      ) : (
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
        {/* While busy the buttons are aria-disabled, not disabled: a disabled button loses the keyboard
            focus to the page, and the cart drawer then had no button to give it back to. */}
        <Button
          variant="secondary"
          onClick={() => void run("cart")}
          disabled={soldOut}
          aria-disabled={busy !== null || undefined}
          className={actionSize}
        >
          {busy === "cart" ? "Adding…" : "Add to cart"}
        </Button>
        <Button onClick={() => void run("buy")} disabled={soldOut} aria-disabled={busy !== null || undefined} className={actionSize}>
          {busy === "buy" ? "One moment…" : "Buy now"}
        </Button>
      </ButtonRow>
      {signedIn ? null : <p className="text-sm text-ink-muted">You will be asked to log in first, then brought back here.</p>}
    </div>
  );
}
