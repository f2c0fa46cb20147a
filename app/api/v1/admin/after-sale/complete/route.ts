import { completeAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { completeAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "operator", body: completeAfterSaleBodySchema }, async ({ user, body }) =>
  completeAfterSale(user, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
