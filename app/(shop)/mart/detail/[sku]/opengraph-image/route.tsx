import { ImageResponse } from "next/og";
import { notFound } from "next/navigation";
import { isListedSku, readPictureDataUrl, readShelfItem } from "@/lib/server/catalog";
import { amountToCents, formatUsd } from "@/lib/rules/money";
import { PREVIEW_IMAGE } from "@/lib/site/seo";

const size = { width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height };

type ImageContext = { params: Promise<{ sku: string }> };

// A product's link preview as a PNG: social sites show no SVG, and the catalogue's pictures are SVG.
// Drawn from the product's first picture, read from public/ (no network).
// A route handler rather than an opengraph-image.tsx file: inside the (shop) route group Next would
// serve that file under a hashed name (opengraph-image-<hash>), and the product page, its JSON-LD and
// every link already shared name /mart/detail/<sku>/opengraph-image (lib/site/seo.ts productPreviewImage).
// The product page's metadata names the card itself; only its 404 for an unknown sku picked up the
// file's own entry (a card that 404s as well), and now shows the site's card (app/opengraph-image.tsx).
export async function GET(_request: Request, { params }: ImageContext): Promise<Response> {
  const { sku } = await params;
  const item = (await isListedSku(sku)) ? await readShelfItem(sku) : null;
  if (!item) notFound();
  const first = item.image[0];
  const picture = first ? await readPictureDataUrl(first) : null;
  const side = size.height - 90;

  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", alignItems: "center", background: "#eef8fc", padding: "45px" }}>
      {picture ? <img src={picture} width={side} height={side} alt="" style={{ borderRadius: 32, background: "white" }} /> : null}
      <div style={{ display: "flex", flexDirection: "column", marginLeft: 56, flex: 1, color: "#0d2b3e" }}>
        <div style={{ fontSize: 34, fontWeight: 700, color: "#0b6c9c" }}>Lenwell</div>
        <div style={{ marginTop: 20, fontSize: 54, fontWeight: 700, lineHeight: 1.15 }}>{item.name}</div>
        <div style={{ marginTop: 28, fontSize: 46, fontWeight: 700, color: "#0b6c9c" }}>{formatUsd(amountToCents(item.discountPrice))}</div>
      </div>
    </div>,
    size,
  );
}
