import { afterSaleIdBodySchema } from "@/lib/schemas/after-sale";
import { receiveAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ auth: "operator", body: afterSaleIdBodySchema }, async ({ user, body }) =>
  receiveAfterSale(user, body.afterSaleId),
);
