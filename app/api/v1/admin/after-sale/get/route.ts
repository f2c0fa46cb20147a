import { afterSaleIdQuerySchema } from "@/lib/schemas/after-sale";
import { adminGetAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";

export const GET = apiRoute({ auth: "operator", query: afterSaleIdQuerySchema }, async ({ user, query }) =>
  adminGetAfterSale(user, query.afterSaleId),
);
