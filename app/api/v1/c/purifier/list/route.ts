import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listPurifiers } from "@/lib/server/purifiers";

export const GET = apiRoute({ auth: "customer" }, async ({ user }) => listPurifiers(user.id));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
