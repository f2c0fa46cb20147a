import { randomBytes } from "node:crypto";
import type { Purifier } from "@/lib/schemas/purifier";
import { POST as addRoute } from "@/app/api/v1/c/purifier/add/route";
import { POST as proofRoute } from "@/app/api/v1/c/purifier/proof/route";
import { POST as verifyRoute } from "@/app/api/v1/admin/purifiers/verify/route";
import { POST as shipRoute } from "@/app/api/v1/admin/orders/ship/route";
import { POST as deliverRoute } from "@/app/api/v1/admin/orders/deliver/route";
import { dataOf, read, type Answer } from "./answer";
import { buyNowAs, payFor } from "./money";
import { PDF_PROOF } from "./proof-files";
import { apiRequest, type Customer } from "./shop";

// A purifier the shop vouches for, reached the way a customer and an operator reach it: the customer
// adds it and attaches a proof of purchase, an operator verifies it (docs/decisions/0040). Lenwell
// Care is sold only for such a purifier or one the shop shipped.

export { JPEG_PROOF, PDF_PROOF, PNG_PROOF } from "./proof-files";

export function aSerial(prefix = "RO"): string {
  return `${prefix}-${randomBytes(5).toString("hex").toUpperCase()}`;
}

/** POST /purifier/proof as a browser sends it: multipart/form-data with the purifier's id and the file. */
export function proofRequest(
  token: string | null,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name?: string; type?: string },
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name ?? "receipt.pdf", { type: file.type ?? "application/pdf" }));
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin" };
  if (token) headers.token = token;
  return new Request("http://shop.test/api/v1/c/purifier/proof", { method: "POST", headers, body: form });
}

export async function addPurifierAs(who: Customer, body: unknown): Promise<Answer<Purifier>> {
  return read<Purifier>(await addRoute(apiRequest("POST", "/api/v1/c/purifier/add", body, { token: who.token })));
}

export async function attachProofAs(who: Customer, purifierId: string, bytes: Uint8Array = PDF_PROOF): Promise<Answer<Purifier>> {
  return read<Purifier>(await proofRoute(proofRequest(who.token, { purifierId }, { bytes })));
}

export async function verifyAs(operator: Customer, purifierId: string): Promise<Answer<Purifier>> {
  return read<Purifier>(await verifyRoute(apiRequest("POST", "/api/v1/admin/purifiers/verify", { purifierId }, { token: operator.token })));
}

/** A purifier bought elsewhere that an operator verified from its proof of purchase: Lenwell Care may cover it. */
export async function verifiedPurifier(
  who: Customer,
  operator: Customer,
  body: { serial?: string; purchasedOn?: string; installedOn?: string } = {},
): Promise<Purifier> {
  const added = dataOf(await addPurifierAs(who, { serial: aSerial(), purchasedOn: "2026-01-10", ...body }));
  dataOf(await attachProofAs(who, added.purifierId));
  return dataOf(await verifyAs(operator, added.purifierId));
}

/** `who` buys `quantity` of `sku` at once and pays for it; fails the test unless it is paid. */
export async function paidOrderAs(who: Customer, sku: string, quantity = 1): Promise<string> {
  const { orderId } = dataOf(await buyNowAs(who, sku, quantity));
  await payFor(who, orderId);
  return orderId;
}

/** The operator ships `orderId` by UPS, with the purifiers' `serials` when given: the answer as given. */
export async function shipAs(admin: Customer, orderId: string, serials?: unknown): Promise<Answer<unknown>> {
  return read(
    await shipRoute(
      apiRequest(
        "POST",
        "/api/v1/admin/orders/ship",
        { orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784", ...(serials === undefined ? {} : { serials }) },
        { token: admin.token },
      ),
    ),
  );
}

/** The operator marks `orderId` delivered: the answer as given. */
export async function deliverAs(admin: Customer, orderId: string): Promise<Answer<unknown>> {
  return read(await deliverRoute(apiRequest("POST", "/api/v1/admin/orders/deliver", { orderId }, { token: admin.token })));
}
