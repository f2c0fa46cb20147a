"use client";

import { z } from "zod";
import { synonymSchema, type synonymAddBodySchema, type SynonymView } from "@/lib/schemas/search";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// The operator's synonym calls (the console's Searches page); answers checked against the shared schema.

const operatorCall = { blocking: true, operator: true } as const;
const synonymList = z.array(synonymSchema);

/** POST /api/v1/admin/search/synonyms/add: a term and what it means; the list as it is then. */
export async function addSynonym(body: z.input<typeof synonymAddBodySchema>): Promise<SynonymView[]> {
  return callApi("post", "search/synonyms/add", synonymList, { json: body, ...operatorCall }).catch(loginOnExpiry);
}

/** POST /api/v1/admin/search/synonyms/remove: the synonym with this id; the list as it is then. */
export async function removeSynonym(id: string): Promise<SynonymView[]> {
  return callApi("post", "search/synonyms/remove", synonymList, { json: { id }, ...operatorCall }).catch(loginOnExpiry);
}
