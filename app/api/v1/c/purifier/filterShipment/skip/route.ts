import { filterShipmentActionSchema } from "@/lib/schemas/filter-shipments";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { skipFilterShipment } from "@/lib/server/filter-shipments";

export const POST = apiRoute({ auth: "customer", body: filterShipmentActionSchema }, async ({ user, body }) =>
  skipFilterShipment(user.id, body),
);

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
