"use client";

import { useRouter } from "next/navigation";
import { useSetAtom } from "jotai";
import { CancelDialog } from "@/components/ui/cancel-dialog";
import { cancelMembershipAsOperator } from "@/lib/api/console";
import { formatOrderDate } from "@/lib/display/order-display";
import { showToastAtom } from "@/lib/state/notices";
import { cancellationWords } from "@/components/account/membership-actions";

/**
 * The console's cancel for a customer's membership: the member's own rules (monthly runs to the
 * end of the paid month; yearly ends now with the unused full months refunded), the operator recorded.
 */
export function CancelMembershipButton({
  membershipId,
  customerEmail,
  yearly,
  endsAt,
}: {
  membershipId: string;
  customerEmail: string;
  yearly: boolean;
  endsAt: string;
}) {
  const router = useRouter();
  const showToast = useSetAtom(showToastAtom);

  async function confirm() {
    const answer = await cancelMembershipAsOperator({ membershipId });
    showToast({ tone: "success", message: `Cancelled for ${customerEmail}. ${cancellationWords(answer.cancellation)}` });
    router.refresh();
  }

  return (
    <CancelDialog
      noun="membership"
      testId="operator-cancel-membership-dialog"
      description={
        yearly
          ? `The membership of ${customerEmail} ends now, and the unused full months of the year paid for are refunded to the card that paid it. The customer gets an e-mail.`
          : `The membership of ${customerEmail} stays active until ${formatOrderDate(endsAt)}, then stops; nothing more is charged. The customer gets an e-mail.`
      }
      onConfirm={confirm}
    />
  );
}
