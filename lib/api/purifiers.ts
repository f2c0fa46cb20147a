"use client";

import {
  purifierListSchema,
  purifierSchema,
  type AddPurifierBody,
  type EditPurifierBody,
  type FilterChangeBody,
  type Purifier,
} from "@/lib/schemas/purifier";
import { callApi } from "./client";
import { loginOnExpiry } from "./login-on-expiry";

// My purifiers' calls; each answers the purifier as it now stands (stages recomputed by the server).

export async function addPurifier(body: AddPurifierBody): Promise<Purifier> {
  return callApi("post", "purifier/add", purifierSchema, { json: body, blocking: true }).catch(loginOnExpiry);
}

export async function editPurifier(body: EditPurifierBody): Promise<Purifier> {
  return callApi("put", "purifier/edit", purifierSchema, { json: body, blocking: true }).catch(loginOnExpiry);
}

export async function recordFilterChange(body: FilterChangeBody): Promise<Purifier> {
  return callApi("post", "purifier/filter/change", purifierSchema, { json: body, blocking: true }).catch(loginOnExpiry);
}

/** The customer's purifiers as the server now has them (after a care plan was cancelled, say). */
export async function listMyPurifiers(): Promise<Purifier[]> {
  const answer = await callApi("get", "purifier/list", purifierListSchema).catch(loginOnExpiry);
  return answer.list;
}
