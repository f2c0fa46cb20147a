import { adminCatalogueUpdateBodySchema } from "@/lib/schemas/admin-catalogue";
import { requireSession } from "@/lib/server/auth/session";
import { updateMerchandise } from "@/lib/server/catalog";
import { apiRoute } from "@/lib/server/http/handler";

export const POST = apiRoute({ body: adminCatalogueUpdateBodySchema }, async ({ request, body }) => {
  const { user } = await requireSession(request);
  const { sku, ...changes } = body;
  return updateMerchandise(user, sku, changes);
});
