import "server-only";

// A stored file sent back to the one who may read it (a proof of purchase): never the envelope, so
// route handlers return this Response from apiRoute, which passes a Response through as it is.

export interface DownloadFile {
  contentType: string;
  /** Plain characters only: it goes into a header as it is. */
  fileName: string;
  bytes: Buffer;
}

/**
 * The file as a download, of the type its bytes were found to be: never shown as a page of the
 * shop (attachment, nosniff, and a sandbox in case a browser renders it anyway), kept by no cache.
 */
export function downloadResponse(file: DownloadFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.bytes.length),
      "content-disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": "private, no-store",
    },
  });
}
