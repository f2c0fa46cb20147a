import "server-only";

/** Whether a database error (or one it caused) is PostgreSQL's unique_violation (23505), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error || (typeof current === "object" && current !== null);) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
