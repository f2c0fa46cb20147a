import { z } from "zod";
import { apiRoute } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { signOut } from "@/lib/server/auth/session";

// Open to anyone: a caller whose session already ended is still signed out, cookies cleared.
export const POST = apiRoute({ auth: "none", body: z.strictObject({}) }, async ({ request }) => signOut(request));

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");
