import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listCart } from "@/lib/server/cart";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listCart(user.id));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
