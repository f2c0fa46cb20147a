"use client";

import { addSynonym, removeSynonym } from "@/lib/api/search-console";
import { synonymAddBodySchema } from "@/lib/schemas/search";
import { checkedCall, OperatorActionForm, OperatorField } from "./operator-action-form";

const add = checkedCall(synonymAddBodySchema, addSynonym);

/** Adds a synonym (or changes what a term means); the page shows the new list after it. */
export function AddSynonymForm() {
  return (
    <OperatorActionForm
      id="add-synonym"
      title="Add a synonym"
      submit="Add synonym"
      success="Added. Searches use it from now on."
      read={(form) => add({ term: String(form.get("term") ?? "").trim(), expansion: String(form.get("expansion") ?? "").trim() })}
      send={(send) => send()}
    >
      {(state) => (
        <>
          <OperatorField action={state} name="term" label="When a visitor types" maxLength={60} />
          <OperatorField action={state} name="expansion" label="Also search for" maxLength={60} />
        </>
      )}
    </OperatorActionForm>
  );
}

/** Removes one synonym. */
export function RemoveSynonymForm({ id, term }: { id: string; term: string }) {
  return (
    <OperatorActionForm
      label={`Remove the synonym ${term}`}
      submit="Remove"
      pending="Removing…"
      success="Removed."
      danger
      className="flex items-center gap-3"
      send={() => removeSynonym(id)}
    />
  );
}
