import { merchandiseListQuerySchema } from "@/lib/schemas/merchandise";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listMerchandise } from "@/lib/server/catalog";

export const GET = apiRoute({ auth: "none", query: merchandiseListQuerySchema }, async ({ query }) => listMerchandise(query));

export const { OPTIONS, POST, PUT, PATCH, DELETE } = otherMethods("GET");
