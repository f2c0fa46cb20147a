import { adminCatalogueUpdateBodySchema } from "@/lib/schemas/admin-catalogue";
import { updateMerchandise } from "@/lib/server/catalog";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ auth: "operator", body: adminCatalogueUpdateBodySchema }, async ({ user, body: { sku, ...changes } }) =>
  updateMerchandise(user, sku, changes),
);
