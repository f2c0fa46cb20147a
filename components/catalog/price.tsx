import { amountToCents, formatUsd } from "@/lib/rules/money";

/** The discounted price, with the original struck through when it is higher. */
export function Price({ originalPrice, discountPrice, size = "md" }: { originalPrice: string; discountPrice: string; size?: "md" | "lg" }) {
  const original = amountToCents(originalPrice);
  const current = amountToCents(discountPrice);
  return (
    <p className="flex items-baseline gap-2">
      <span className={`font-bold text-ink ${size === "lg" ? "text-3xl" : "text-lg"}`}>
        <span className="sr-only">Price </span>
        {formatUsd(current)}
      </span>
      {current < original ? (
        <s className="text-sm text-ink-muted">
          <span className="sr-only">was </span>
          {formatUsd(original)}
        </s>
      ) : null}
    </p>
  );
}
