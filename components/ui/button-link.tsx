import type { ReactNode } from "react";
import { ShopLink } from "./shop-link";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  light: "bg-white text-brand-800 hover:bg-brand-50",
} as const;

/** An in-site link styled as a button (calls to action). */
export function ButtonLink({
  href,
  children,
  variant = "primary",
}: {
  href: string;
  children: ReactNode;
  variant?: keyof typeof variants;
}) {
  return (
    <ShopLink
      href={href}
      className={`inline-flex h-12 items-center justify-center rounded-full px-6 text-base font-semibold ${variants[variant]}`}
    >
      {children}
    </ShopLink>
  );
}
