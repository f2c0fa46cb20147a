import { apiRoute } from "@/lib/server/http/handler";
import { userView } from "@/lib/server/auth/users";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => ({ user: await userView(user) }));
