import { afterSaleIdBodySchema } from "@/lib/schemas/after-sale";
import { receiveAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "operator", body: afterSaleIdBodySchema }, async ({ user, body }) =>
  receiveAfterSale(user, body.afterSaleId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
