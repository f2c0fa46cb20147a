import { z } from "zod";

const recordId = z.uuid();

/** Whether `id` can name an order or an after-sale request at all (their ids are UUIDs). */
export function isRecordId(id: string): boolean {
  return recordId.safeParse(id).success;
}
