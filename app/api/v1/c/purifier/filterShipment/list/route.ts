import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { upcomingFilterShipments } from "@/lib/server/filter-shipments";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => upcomingFilterShipments(user.id));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
