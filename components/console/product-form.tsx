"use client";

import type { FormEvent } from "react";
import { updateProduct } from "@/lib/api/console";
import { operatorCatalogueUpdateBodySchema, type OperatorProduct } from "@/lib/schemas/operator-catalogue";
import { Button } from "@/components/ui/button";
import { ActionOutcome, FieldMessage, inputClass, operatorButtonSize, useOperatorAction } from "./operator-form-parts";

/**
 * Edits a product's prices, stock and listing; only the fields that differ from the page are sent.
 * An empty member price clears it (members then pay the discount price).
 */
export function ProductForm({ product }: { product: OperatorProduct }) {
  const action = useOperatorAction();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const originalPrice = String(form.get("originalPrice") ?? "").trim();
    const discountPrice = String(form.get("discountPrice") ?? "").trim();
    const memberText = String(form.get("memberPrice") ?? "").trim();
    const memberPrice = memberText === "" ? null : memberText;
    const stockText = String(form.get("stock") ?? "").trim();
    const stock = /^\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
    const listed = form.get("listed") === "on";
    const parsed = operatorCatalogueUpdateBodySchema.safeParse({
      sku: product.sku,
      ...(originalPrice !== product.originalPrice ? { originalPrice } : {}),
      ...(discountPrice !== product.discountPrice ? { discountPrice } : {}),
      ...(memberPrice !== product.memberPrice ? { memberPrice } : {}),
      ...(stock !== product.stock ? { stock } : {}),
      ...(listed !== product.listed ? { listed } : {}),
    });
    if (!parsed.success) {
      const nothing = parsed.error.issues.every((issue) => issue.path.length === 0);
      action.setError(nothing ? "Nothing changed." : "Check the fields below.");
      action.setFieldErrors(
        parsed.error.issues
          .filter((issue) => issue.path.length > 0)
          .map((issue) => ({ path: issue.path.join("."), message: issue.message })),
      );
      return;
    }
    await action.run(() => updateProduct(parsed.data), "Saved. The store and the product page show it now.");
  }

  const field = (
    name: "originalPrice" | "discountPrice" | "memberPrice" | "stock",
    label: string,
    value: string,
    inputMode: "decimal" | "numeric",
    hint?: string,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`product-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={`product-${name}`}
        name={name}
        defaultValue={value}
        inputMode={inputMode}
        className={inputClass}
        aria-describedby={hint ? `product-${name}-hint product-${name}-error` : `product-${name}-error`}
        aria-invalid={action.fieldError(name) ? true : undefined}
      />
      {hint ? (
        <p id={`product-${name}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`product-${name}-error`} message={action.fieldError(name)} />
    </div>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-md flex-col gap-4" aria-label="Edit product">
      {field("originalPrice", "Price (USD)", product.originalPrice, "decimal")}
      {field("discountPrice", "Discount price (USD)", product.discountPrice, "decimal")}
      {field(
        "memberPrice",
        "Member price (USD)",
        product.memberPrice ?? "",
        "decimal",
        "What members pay while their membership runs; at most the discount price. Leave empty for none.",
      )}
      {field("stock", "Stock", String(product.stock), "numeric")}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" name="listed" defaultChecked={product.listed} className="h-4 w-4" />
        Listed in the store
      </label>
      <Button type="submit" className={operatorButtonSize} disabled={action.pending}>
        {action.pending ? "Saving…" : "Save changes"}
      </Button>
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}
