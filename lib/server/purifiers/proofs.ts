import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { PROOF_MAX_BYTES, type ProofContentType } from "@/lib/config/purifiers";
import { purifierProofs, type PurifierRow } from "@/lib/db/schema";
import { attachProofFieldsSchema, PURIFIER_MESSAGES, type Purifier } from "@/lib/schemas/purifier";
import { AppError } from "@/lib/server/base/errors";
import { parseWith } from "@/lib/server/base/parse";
import { inTransaction } from "@/lib/server/transaction";
import { fieldError, lockOwnPurifier, notFound, ownPurifier, toView } from "./purifiers";
import { canAttachProof, movePurifierVerification } from "./verification";

// A proof of purchase: the receipt or invoice a customer attaches to a purifier they added, for an
// operator to verify it (docs/decisions/0040). What it is comes from its first bytes (a PDF, a
// JPEG or a PNG), never from its name or the type the browser declared; it is kept in the database
// and sent back only to its owner and to operators.

/** How each accepted type begins. */
const SIGNATURES: readonly { type: ProofContentType; magic: readonly number[] }[] = [
  { type: "application/pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  { type: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const EXTENSIONS: Readonly<Record<ProofContentType, string>> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/** What `bytes` are, by their first bytes; null for anything else. */
export function sniffProofType(bytes: Uint8Array): ProofContentType | null {
  return SIGNATURES.find(({ magic }) => magic.every((byte, index) => bytes[index] === byte))?.type ?? null;
}

/** The uploaded name as plain text to show: its last path part, letters, digits and a few marks, 100 at most. */
export function cleanFileName(name: string, type: ProofContentType): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFKC")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[ ._]+/, "")
    .trim()
    .slice(0, 100);
  return clean || `proof-of-purchase.${EXTENSIONS[type]}`;
}

export interface ProofUpload {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
}

/**
 * Attaches a proof of purchase to one of the customer's purifiers the shop does not vouch for yet
 * (a new one replaces the last), and puts it in the operators' queue ("in_review"). A purifier of
 * another customer answers as one that does not exist.
 */
export async function attachProof(userId: string, upload: ProofUpload, now: Date = new Date()): Promise<Purifier> {
  const { purifierId } = parseWith(attachProofFieldsSchema, upload.fields);
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw fieldError(422, "file", PURIFIER_MESSAGES.proofMissing);
  if (file.bytes.length > PROOF_MAX_BYTES) throw fieldError(413, "file", PURIFIER_MESSAGES.proofTooLarge);
  const contentType = sniffProofType(file.bytes);
  if (!contentType) throw fieldError(415, "file", PURIFIER_MESSAGES.proofType);
  return inTransaction(async (tx) => {
    const row = await lockOwnPurifier(tx, userId, purifierId);
    if (!canAttachProof(row.verification)) throw fieldError(409, "file", PURIFIER_MESSAGES.proofNotNeeded);
    const proof = {
      contentType,
      fileName: cleanFileName(file.name, contentType),
      byteSize: file.bytes.length,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      data: file.bytes,
      createdAt: now,
    };
    await tx
      .insert(purifierProofs)
      .values({ purifierId: row.id, ...proof })
      .onConflictDoUpdate({ target: purifierProofs.purifierId, set: proof });
    const moved = await movePurifierVerification(tx, row.id, "in_review", { reviewedBy: null, reviewedAt: null }, now);
    return toView(tx, moved, now);
  });
}

/** A proof as it is sent back (lib/server/http/download.ts): the bytes, their type and a download name. */
export interface ProofFile {
  contentType: ProofContentType;
  fileName: string;
  bytes: Buffer;
}

/** The proof of `purifier`, named after its serial for the download; 404 when it has none. */
export async function readProof(db: DbExecutor, purifier: Pick<PurifierRow, "id" | "serial">): Promise<ProofFile> {
  const [proof] = await db.select().from(purifierProofs).where(eq(purifierProofs.purifierId, purifier.id));
  if (!proof) throw new AppError(404, PURIFIER_MESSAGES.proofNotFound);
  const name = purifier.serial ? `proof-of-purchase-${purifier.serial}` : "proof-of-purchase";
  return { contentType: proof.contentType, fileName: `${name}.${EXTENSIONS[proof.contentType]}`, bytes: proof.data };
}

/** The customer's own proof; another customer's purifier answers as one that does not exist. */
export async function customerProof(userId: string, purifierId: string): Promise<ProofFile> {
  const db = await getDb();
  const purifier = await ownPurifier(db, userId, purifierId);
  if (!purifier) throw notFound();
  return readProof(db, purifier);
}
