import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listSavedPaymentMethods } from "@/lib/server/payments";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listSavedPaymentMethods(user.id));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
