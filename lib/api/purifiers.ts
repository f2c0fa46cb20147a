"use client";

import {
  purifierListSchema,
  purifierSchema,
  type AddPurifierBody,
  type EditPurifierBody,
  type FilterChangeBody,
  type Purifier,
} from "@/lib/schemas/purifier";
import { API_PREFIX, publicEnv } from "@/lib/config/public-env";
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

/** Attaches a proof of purchase to a purifier waiting for verification; answers it "in review". */
export async function attachProof(purifierId: string, file: File): Promise<Purifier> {
  const body = new FormData();
  body.set("purifierId", purifierId);
  body.set("file", file);
  return callApi("post", "purifier/proof", purifierSchema, { body, blocking: true }).catch(loginOnExpiry);
}

/** Where the customer's own proof of purchase is downloaded from (a plain link: the session cookie goes with it). */
export function proofHref(purifierId: string): string {
  return `${publicEnv.apiBaseUrl}${API_PREFIX}/purifier/proof?purifierId=${encodeURIComponent(purifierId)}`;
}

/** The customer's purifiers as the server now has them (after a care plan was cancelled, say). */
export async function listMyPurifiers(): Promise<Purifier[]> {
  const answer = await callApi("get", "purifier/list", purifierListSchema).catch(loginOnExpiry);
  return answer.list;
}
