"use client";

import { TextLink } from "@/components/content/text-link";
import { useIsMember } from "@/lib/api/session";
import { ROUTES } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";

/**
 * A product's member price on its (shared, cached) page: a member sees it as the price they pay,
 * everyone else as an offer with the way to the membership page. The server charges it either way
 * (lib/rules/member-pricing.ts); this only says so.
 */
export function ProductMemberPrice({ memberPrice }: { memberPrice: string }) {
  const member = useIsMember();
  if (member) {
    return (
      <p data-testid="member-price" className="mt-2 text-lg font-semibold text-leaf-700">
        Member price {formatAmount(memberPrice)}
        <span className="block text-sm font-normal text-ink-soft">What you pay with your membership, with free UPS Ground.</span>
      </p>
    );
  }
  return (
    <p data-testid="member-price" className="mt-2 text-sm text-ink-soft">
      <span className="font-semibold text-leaf-700">{formatAmount(memberPrice)} for members</span>
      {" · "}
      <TextLink href={ROUTES.membership}>Lenwell Membership</TextLink>
    </p>
  );
}
