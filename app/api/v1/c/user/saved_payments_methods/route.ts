import { apiRoute } from "@/lib/server/http/handler";
import { listSavedPaymentMethods } from "@/lib/server/payments";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listSavedPaymentMethods(user.id));
