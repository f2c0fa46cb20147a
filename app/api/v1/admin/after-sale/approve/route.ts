import { approveAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { approveAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "operator", body: approveAfterSaleBodySchema }, async ({ user, body }) =>
  approveAfterSale(user, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
