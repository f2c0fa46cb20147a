import { afterSaleIdBodySchema } from "@/lib/schemas/after-sale";
import { cancelAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "customer", body: afterSaleIdBodySchema }, async ({ user, body }) =>
  cancelAfterSale(user.id, body.afterSaleId),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
