import { rejectAfterSaleBodySchema } from "@/lib/schemas/after-sale";
import { rejectAfterSale } from "@/lib/server/after-sale";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "operator", body: rejectAfterSaleBodySchema }, async ({ user, body }) => rejectAfterSale(user, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
