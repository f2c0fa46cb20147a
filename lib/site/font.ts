/**
 * The shop's one font file (docs/decisions/0009), served from public/ under a name that carries the
 * start of its SHA-256: the address changes whenever the file does, so browsers may keep it for a
 * year (next.config.ts). app/shop.pcss names the same address in its @font-face; font.test.ts
 * holds the three together.
 */
export const SHOP_FONT_URL = "/fonts/inter-latin-wght.f76cda5168.woff2";
