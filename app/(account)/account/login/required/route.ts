import type { NextRequest } from "next/server";
import { loginRequiredResponse } from "@/lib/server/auth/page-session";

// Where a protected page sends a visitor whose session it did not find (lib/server/auth/page-session.ts).
export async function GET(request: NextRequest): Promise<Response> {
  return loginRequiredResponse(request);
}
