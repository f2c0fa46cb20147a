// Referral codes arrive as ?c=<code>, are remembered in a cookie, and ride along on in-site links.

export const REFERRAL_PARAM = "c";
const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export function parseReferralCode(value: string | null | undefined): string | null {
  if (!value) return null;
  return REFERRAL_CODE_PATTERN.test(value) ? value : null;
}

/**
 * Adds the referral code to an in-site href. External, protocol and fragment-only links are left
 * alone, and a code already present in the href wins.
 */
export function withReferral(href: string, code: string | null): string {
  if (!code || !href.startsWith("/") || href.startsWith("//")) return href;
  const hashIndex = href.indexOf("#");
  const beforeHash = hashIndex === -1 ? href : href.slice(0, hashIndex);
  const hash = hashIndex === -1 ? "" : href.slice(hashIndex);
  const queryIndex = beforeHash.indexOf("?");
  const path = queryIndex === -1 ? beforeHash : beforeHash.slice(0, queryIndex);
  const params = new URLSearchParams(queryIndex === -1 ? "" : beforeHash.slice(queryIndex + 1));
  if (params.has(REFERRAL_PARAM)) return href;
  params.set(REFERRAL_PARAM, code);
  return `${path}?${params.toString()}${hash}`;
}
