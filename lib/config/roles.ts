// Who does what, in the words stored and answered. The operator's role and the actor of what an
// operator does are "admin": the API contract's word (docs/api.md: /api/v1/admin, a user with role
// admin), kept in the database and the answers. In code the person is the operator, and these
// constants are the only place the stored word is written.

export const OPERATOR_ROLE = "admin";

export const USER_ROLES = ["customer", OPERATOR_ROLE] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Who made a change on an order, an after-sale request or a refund: the customer, an operator or the shop itself. */
export const EVENT_ACTORS = ["customer", OPERATOR_ROLE, "system"] as const;
