import { renderUsStatesSvg } from "@/lib/geo/us-map";

// Rendered once at build time and served as a static file.
export const dynamic = "force-static";

export async function GET() {
  return new Response(await renderUsStatesSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  });
}
