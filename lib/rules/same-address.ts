import type { UsAddress } from "@/lib/schemas/auth";

const ADDRESS_KEYS = ["fullName", "line1", "line2", "city", "state", "zip"] as const satisfies readonly (keyof UsAddress)[];

/**
 * Field by field, an absent apartment line equal to an empty one: jsonb hands keys back in its own
 * order, so serialised forms can differ for the same address.
 */
export function sameAddress(
  a: Partial<Record<keyof UsAddress, string>> | null,
  b: Partial<Record<keyof UsAddress, string>> | null,
): boolean {
  if (!a || !b) return false;
  return ADDRESS_KEYS.every((key) => (a[key] ?? "") === (b[key] ?? ""));
}
