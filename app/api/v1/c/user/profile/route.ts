import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { userView } from "@/lib/server/auth/users";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => ({ user: await userView(user) }));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
