import type { ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "./button";
import { ShopLink } from "./shop-link";

/** An in-site link styled as a button (calls to action). */
export function ButtonLink({ href, children, variant = "primary" }: { href: string; children: ReactNode; variant?: ButtonVariant }) {
  return (
    <ShopLink href={href} className={buttonClass(variant, "inline-flex h-12 items-center justify-center px-6 text-base")}>
      {children}
    </ShopLink>
  );
}
