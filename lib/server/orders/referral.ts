import "server-only";
import { COOKIES } from "@/lib/config/store";
import { parseReferralCode } from "@/lib/visitor/referral";
import { readCookie } from "@/lib/server/auth/session";

/** The remembered `?c=` code of a request, if it is a well-formed one (anything else is ignored). */
export function referralCodeOf(request: Request): string | null {
  return parseReferralCode(readCookie(request, COOKIES.referral));
}
