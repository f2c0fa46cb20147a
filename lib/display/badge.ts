import { UI } from "@/lib/config/store";

/** Text of the cart badge: nothing for an empty cart, at most "99", then "99+". */
export function formatBadgeCount(count: number, max: number = UI.badgeMax): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  return whole > max ? `${max}+` : String(whole);
}
