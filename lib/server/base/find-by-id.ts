import "server-only";
import { isRecordId } from "@/lib/rules/record-id";
import { AppError } from "./errors";

/**
 * A page's record by the id in its address, or null when the id is malformed or the service
 * answers 404 (unknown, or another customer's): the page then calls notFound(), so all three read
 * as the same 404 and a guessed id confirms nothing. Any other failure is thrown on.
 */
export async function findById<T>(id: string | undefined, load: (id: string) => Promise<T>): Promise<T | null> {
  if (!id || !isRecordId(id)) return null;
  try {
    return await load(id);
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}
