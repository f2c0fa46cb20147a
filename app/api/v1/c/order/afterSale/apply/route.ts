import { applyAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { applyAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "customer", body: applyAfterSaleBodySchema }, async ({ user, body }) => applyAfterSale(user.id, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
