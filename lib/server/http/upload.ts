import "server-only";
import { AppError } from "@/lib/server/base/errors";
import { readCappedBody } from "./request";

// The one request that is not JSON: a file sent as multipart/form-data (a proof of purchase). Read
// with a cap on what actually arrives, as the JSON bodies are (request.ts), so a declared length
// that lies, or none, cannot make the server hold more than the file's limit.

/** Room for the multipart framing and the text fields around the file. */
const FRAMING_BYTES = 64 * 1024;

export interface UploadedFile {
  /** The name the browser gave it: for display, never a path. */
  name: string;
  bytes: Buffer;
}

export interface Upload {
  /** The text fields, by name (the last one of a name wins). */
  fields: Record<string, string>;
  /** The file sent as `fileField`; null when there is none or it is empty. */
  file: UploadedFile | null;
}

/**
 * Reads a multipart/form-data request holding at most one file of `maxFileBytes` (413 with
 * `tooLarge` past it), as its text fields and that file. Another content type is a 415, a body that
 * is not well-formed multipart a 400.
 */
export async function readUpload(
  request: Request,
  { fileField, maxFileBytes, tooLarge }: { fileField: string; maxFileBytes: number; tooLarge: string },
): Promise<Upload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new AppError(415, "Send the file as a form upload (Content-Type: multipart/form-data).");
  }
  const body = new Blob([new Uint8Array(await readCappedBody(request, maxFileBytes + FRAMING_BYTES, tooLarge))]);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError(400, "The upload could not be read. Please choose the file again.");
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      fields[name] = value;
    } else if (name === fileField && value.size > 0) {
      if (value.size > maxFileBytes) throw new AppError(413, tooLarge);
      file = { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { fields, file };
}
