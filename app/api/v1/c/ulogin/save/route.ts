import { saveProfileBodySchema } from "@/lib/schemas/auth";
import { apiRoute } from "@/lib/server/http/handler";
import { requireSession } from "@/lib/server/auth/session";
import { saveProfile } from "@/lib/server/auth/profile";

export const POST = apiRoute({ body: saveProfileBodySchema }, async ({ request, body }) =>
  saveProfile(await requireSession(request), body),
);
