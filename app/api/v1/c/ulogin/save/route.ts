import { saveProfileBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { saveProfile } from "@/lib/server/auth/profile";

export const POST = apiRoute({ auth: "customer", body: saveProfileBodySchema }, async ({ session, body }) => saveProfile(session, body));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
