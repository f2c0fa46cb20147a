// Files a customer might attach as a proof of purchase, as small as the shop's sniffing allows
// (lib/server/purifiers/proofs.ts reads their first bytes): for the API tests and the money model.

/** A small, well-formed PDF: what a scanned receipt starts and ends like. */
export const PDF_PROOF = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n");

/** The first bytes of a PNG and of a JPEG, enough for the shop to tell what they are. */
export const PNG_PROOF = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const JPEG_PROOF = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
