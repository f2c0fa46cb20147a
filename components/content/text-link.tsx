import type { ReactNode } from "react";
import { ShopLink } from "@/components/ui/shop-link";

/** An in-site link inside running text: underlined, so it never relies on colour alone. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ShopLink href={href} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
      {children}
    </ShopLink>
  );
}
