"use client";

import Link, { useLinkStatus } from "next/link";
import { useEffect, type ComponentProps } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { loadingCountAtom, referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/referral";

type ShopLinkProps = Omit<ComponentProps<typeof Link>, "href"> & { href: string };

/** Raises the global loading flag while this link's navigation is pending. */
function PendingNavigation() {
  const { pending } = useLinkStatus();
  const setLoading = useSetAtom(loadingCountAtom);
  useEffect(() => {
    if (!pending) return;
    setLoading((count) => count + 1);
    return () => setLoading((count) => Math.max(0, count - 1));
  }, [pending, setLoading]);
  return null;
}

/**
 * The in-site link: carries the remembered referral code (?c=) and drives the loading spinner
 * when a navigation is slow. Every internal link of the shop goes through it.
 */
export function ShopLink({ href, children, ...props }: ShopLinkProps) {
  const code = useAtomValue(referralCodeAtom);
  return (
    <Link href={withReferral(href, code)} {...props}>
      {children}
      <PendingNavigation />
    </Link>
  );
}
