import "server-only";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
import { OPERATOR_ROLE } from "@/lib/config/roles";

// Who is an operator is decided here and nowhere else: the admin API (apiRoute's "operator"), the
// console's pages and the operator services' own check all ask isOperator, so the rule cannot drift
// between copies.

export function isOperator(user: Pick<UserRow, "role">): boolean {
  return user.role === OPERATOR_ROLE;
}

/**
 * 403 for anyone but an operator. The operator services call it as well as the route: a page or a
 * script reaches them without apiRoute, and must meet the same rule.
 */
export function assertOperator(user: Pick<UserRow, "role">): void {
  if (!isOperator(user)) throw new AppError(403);
}
