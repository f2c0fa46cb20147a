"use client";

import { updateProduct } from "@/lib/api/console";
import { operatorCatalogueUpdateBodySchema, type OperatorProduct } from "@/lib/schemas/operator-catalogue";
import { OperatorActionForm, type OperatorAction } from "./operator-action-form";
import { FieldMessage, inputClass } from "./operator-form-parts";

/** What the form holds, as the update call takes it: only the fields that differ from the page. */
function readChanges(product: OperatorProduct, form: FormData) {
  const originalPrice = String(form.get("originalPrice") ?? "").trim();
  const discountPrice = String(form.get("discountPrice") ?? "").trim();
  const memberText = String(form.get("memberPrice") ?? "").trim();
  const memberPrice = memberText === "" ? null : memberText;
  const stockText = String(form.get("stock") ?? "").trim();
  const stock = /^\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
  const listed = form.get("listed") === "on";
  return operatorCatalogueUpdateBodySchema.safeParse({
    sku: product.sku,
    ...(originalPrice !== product.originalPrice ? { originalPrice } : {}),
    ...(discountPrice !== product.discountPrice ? { discountPrice } : {}),
    ...(memberPrice !== product.memberPrice ? { memberPrice } : {}),
    ...(stock !== product.stock ? { stock } : {}),
    ...(listed !== product.listed ? { listed } : {}),
  });
}

type FieldName = "originalPrice" | "discountPrice" | "memberPrice" | "stock";

function PriceField({
  action,
  name,
  label,
  value,
  inputMode,
  hint,
}: {
  action: OperatorAction;
  name: FieldName;
  label: string;
  value: string;
  inputMode: "decimal" | "numeric";
  hint?: string;
}) {
  return (
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
}

/**
 * Edits a product's prices, stock and listing; only the fields that differ from the page are sent.
 * An empty member price clears it (members then pay the discount price).
 */
export function ProductForm({ product }: { product: OperatorProduct }) {
  return (
    <OperatorActionForm
      label="Edit product"
      className="flex max-w-md flex-col gap-4"
      read={(form) => readChanges(product, form)}
      // Only the schema's own check (no field named) fails when nothing differs from the page.
      refusal={(issues) => (issues.every((issue) => issue.path.length === 0) ? "Nothing changed." : "Check the fields below.")}
      send={updateProduct}
      success="Saved. The store and the product page show it now."
      submit="Save changes"
    >
      {(action) => (
        <>
          <PriceField action={action} name="originalPrice" label="Price (USD)" value={product.originalPrice} inputMode="decimal" />
          <PriceField action={action} name="discountPrice" label="Discount price (USD)" value={product.discountPrice} inputMode="decimal" />
          <PriceField
            action={action}
            name="memberPrice"
            label="Member price (USD)"
            value={product.memberPrice ?? ""}
            inputMode="decimal"
            hint="What members pay while their membership runs; at most the discount price. Leave empty for none."
          />
          <PriceField action={action} name="stock" label="Stock" value={String(product.stock)} inputMode="numeric" />
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
            <input type="checkbox" name="listed" defaultChecked={product.listed} className="h-4 w-4" />
            Listed in the store
          </label>
        </>
      )}
    </OperatorActionForm>
  );
}
