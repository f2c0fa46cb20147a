import { OPERATOR_ROLE } from "@/lib/config/roles";

// Demo accounts for a local shop. The README lists them; they must never exist in production
// (set SEED_DEMO_DATA=false, or seed PostgreSQL only on purpose with `npm run db:seed`).

export const DEMO_ACCOUNTS = [
  {
    email: "customer@lenwell.example",
    password: "clear-water-demo",
    username: "Demo Customer",
    role: "customer",
  },
  {
    email: "admin@lenwell.example",
    password: "lenwell-operator-demo",
    username: "Shop Operator",
    role: OPERATOR_ROLE,
  },
] as const;
