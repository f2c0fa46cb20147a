import { css } from "@/app/shop.pcss";

// The shop's stylesheet as a file, for the one page that cannot have it inline: the error shell
// Next answers some 404s with (a record that is not there, found out inside its page), which the
// browser renders alone (components/layout/shop-stylesheet.tsx). Every other page carries the sheet
// in its head (docs/decisions/0048). Built once, with the build's sheet.
export const dynamic = "force-static";

export function GET() {
  return new Response(css, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      // The address names the build's sheet (?v=), so a page of the next build asks for a new one.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
