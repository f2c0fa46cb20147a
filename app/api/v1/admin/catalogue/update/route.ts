import { operatorCatalogueUpdateBodySchema } from "@/lib/schemas/operator-catalogue";
import { updateMerchandise } from "@/lib/server/catalog";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = apiRoute({ auth: "operator", body: operatorCatalogueUpdateBodySchema }, async ({ user, body: { sku, ...changes } }) =>
  updateMerchandise(user, sku, changes),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
