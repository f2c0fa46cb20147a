import type { ReactNode } from "react";
import { Image } from "@/components/ui/image";
import { ShopLink } from "@/components/ui/shop-link";

/**
 * One entry of a customer's list (an order, an after-sale request): its picture, a title link that
 * the whole card answers to, a status badge, lines below and an optional figure on the right.
 */
export function ListCard({
  image,
  href,
  title,
  badge,
  children,
  aside,
}: {
  image: string | null | undefined;
  href: string;
  title: string;
  badge: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <article className="group relative flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-card desk:items-center desk:p-5">
      {image ? (
        <Image
          src={image}
          alt=""
          width={96}
          height={96}
          className="h-20 w-20 shrink-0 rounded-xl border border-line object-cover desk:h-24 desk:w-24"
        />
      ) : (
        <div aria-hidden="true" className="h-20 w-20 shrink-0 rounded-xl bg-canvas desk:h-24 desk:w-24" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-ink">
            <ShopLink href={href} className="after:absolute after:inset-0 group-hover:text-brand-700">
              {title}
            </ShopLink>
          </h2>
          {badge}
        </div>
        {children}
      </div>
      {aside}
    </article>
  );
}
