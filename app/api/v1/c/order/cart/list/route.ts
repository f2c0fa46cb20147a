import { apiRoute } from "@/lib/server/http/handler";
import { listCart } from "@/lib/server/cart";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listCart(user.id));
