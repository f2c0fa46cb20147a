import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

// Product pictures are files this site serves from public/ (the catalogue stores their site paths).

const PUBLIC_DIR = path.join(process.cwd(), "public");
const PICTURE_TYPES: Readonly<Record<string, string>> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/**
 * A product picture as a data URL, read from public/ (never fetched over the network), or null for
 * a path outside public/, of another type, or missing. The path comes from the catalogue, which an
 * operator edits, so it is resolved and checked before anything is read.
 */
export async function readPictureDataUrl(sitePath: string): Promise<string | null> {
  const type = PICTURE_TYPES[path.extname(sitePath).toLowerCase()];
  if (!type || !sitePath.startsWith("/")) return null;
  const file = path.resolve(PUBLIC_DIR, `.${sitePath}`);
  if (!file.startsWith(`${PUBLIC_DIR}${path.sep}`)) return null;
  try {
    return `data:${type};base64,${(await readFile(file)).toString("base64")}`;
  } catch {
    return null;
  }
}
