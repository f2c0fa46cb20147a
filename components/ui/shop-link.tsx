"use client";

import Link, { useLinkStatus } from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, type ComponentProps } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { loadingCountAtom, referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/visitor/referral";

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
 *
 * It prefetches when the customer shows intent (pointer over it, touch, keyboard focus), not when
 * it scrolls into view: a page has dozens of links (menus, footer), and fetching all of them while
 * the page is still starting costs a phone its first seconds.
 */
export function ShopLink({ href, children, prefetch, onMouseEnter, onTouchStart, onFocus, ...props }: ShopLinkProps) {
  const code = useAtomValue(referralCodeAtom);
  const router = useRouter();
  const target = withReferral(href, code);
  const prefetchOnIntent = prefetch === undefined ? () => router.prefetch(target) : undefined;
  return (
    <Link
      href={target}
      prefetch={prefetch ?? false}
      onMouseEnter={(event) => {
        prefetchOnIntent?.();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        prefetchOnIntent?.();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        prefetchOnIntent?.();
        onFocus?.(event);
      }}
      {...props}
    >
      {children}
      <PendingNavigation />
    </Link>
  );
}
