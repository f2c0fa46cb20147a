"use client";

import { useState } from "react";
import { AddPurifierForm } from "@/components/purifiers/add-purifier-form";
import { PurifierCard } from "@/components/purifiers/purifier-card";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { EmptyOrder } from "@/components/ui/empty-order";
import { productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import type { Purifier } from "@/lib/schemas/purifier";

/** The customer's purifiers, each with its filter stages and care, and the form to add one bought elsewhere. */
export function MyPurifiers({ initial, today }: { initial: Purifier[]; today: string }) {
  const [purifiers, setPurifiers] = useState(initial);
  const [adding, setAdding] = useState(initial.length === 0);
  const replace = (updated: Purifier) =>
    setPurifiers((list) => list.map((item) => (item.purifierId === updated.purifierId ? updated : item)));

  return (
    <div className="flex flex-col gap-6">
      {purifiers.length === 0 ? (
        <div className="rounded-2xl border border-line bg-white p-6">
          <EmptyOrder
            title="No purifiers yet"
            message="A Lenwell purifier you buy here appears once it is delivered. Bought one elsewhere? Add it below to follow its filters."
            action={<ButtonLink href={productPath(PURIFIER_SKU)}>Buy the RO600 purifier</ButtonLink>}
          />
        </div>
      ) : (
        <ul className="flex flex-col gap-6">
          {purifiers.map((purifier) => (
            <li key={purifier.purifierId}>
              <PurifierCard purifier={purifier} today={today} onChange={replace} />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <AddPurifierForm
          today={today}
          onAdded={(added) => {
            setPurifiers((list) => [added, ...list]);
            setAdding(false);
          }}
          onCancel={purifiers.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <div>
          <Button variant="secondary" className="h-12 px-6 text-base" onClick={() => setAdding(true)}>
            Add a purifier bought elsewhere
          </Button>
        </div>
      )}
    </div>
  );
}
