import type { ReactNode } from "react";
import { ShopLink } from "@/components/ui/shop-link";

/**
 * An in-site link inside running text: underlined, so it never relies on colour alone. Its padding
 * makes the box a finger lands on 45 px tall around a 19 px line of text (WCAG 2.5.5's 44 px, which
 * the shop keeps even where 2.5.8 would excuse a link in a sentence); on an inline element it moves
 * no text.
 */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ShopLink href={href} className="py-[0.8125rem] font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
      {children}
    </ShopLink>
  );
}
