import { saveProfileBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { saveProfile } from "@/lib/server/auth/profile";

export const POST = apiRoute({ auth: "customer", body: saveProfileBodySchema }, async ({ session, body }) => saveProfile(session, body));
