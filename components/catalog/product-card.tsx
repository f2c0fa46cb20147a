import { Image } from "@/components/ui/image";
import { inlinePicture } from "@/lib/site/inline-picture";
import { ShopLink } from "@/components/ui/shop-link";
import { productPath } from "@/lib/config/routes";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { Price } from "./price";

/**
 * A product tile linking to its detail page. Its name is a heading one level below the section it
 * sits in: h2 on a page whose only heading above is the h1 (/mart, /deals), h3 under a section's h2.
 */
export function ProductCard({
  item,
  badge,
  priority = false,
  headingLevel = 3,
}: {
  item: ShelfItem;
  badge?: string;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const image = item.image[0];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-card">
      {image ? (
        <Image
          src={priority ? inlinePicture(image) : image}
          alt=""
          width={600}
          height={600}
          priority={priority}
          className="aspect-square w-full object-cover"
        />
      ) : null}
      {badge ? (
        <span className="absolute left-3 top-3 rounded-full bg-leaf-600 px-2.5 py-1 text-xs font-semibold text-white">{badge}</span>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-medium uppercase tracking-wider text-ink-muted">{item.attributes}</p>
        <Heading className="text-base font-semibold text-ink">
          <ShopLink href={productPath(item.skuNum)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {item.name}
          </ShopLink>
        </Heading>
        <p className="text-sm text-ink-soft">{item.subtitle}</p>
        <div className="mt-auto pt-2">
          <Price originalPrice={item.originalPrice} discountPrice={item.discountPrice} />
        </div>
      </div>
    </article>
  );
}
