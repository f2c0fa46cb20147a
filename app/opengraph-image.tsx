import { ImageResponse } from "next/og";
import { PREVIEW_IMAGE } from "@/lib/site/seo";

export const alt = PREVIEW_IMAGE.alt;
export const size = { width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height };
export const contentType = "image/png";

// The default link-preview card, rendered once at build time.
export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        padding: "80px",
        background: "linear-gradient(135deg, #0d4868 0%, #0b6c9c 60%, #38a3d1 100%)",
        color: "white",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: "24px" }}>
        <svg width="88" height="88" viewBox="0 0 64 64">
          <path d="M32 4C32 4 12 28 12 40a20 20 0 0 0 40 0C52 28 32 4 32 4Z" fill="#d5eef8" />
          <path d="M20 42c6 4 18 4 24-2" stroke="#0b6c9c" strokeWidth="4" fill="none" strokeLinecap="round" />
        </svg>
        <div style={{ fontSize: 64, fontWeight: 700 }}>Lenwell</div>
      </div>
      <div style={{ marginTop: 48, fontSize: 56, fontWeight: 700, lineHeight: 1.15, maxWidth: 900 }}>
        Clean water from your tap. No more bottles.
      </div>
      <div style={{ marginTop: 24, fontSize: 30, color: "#d5eef8" }}>
        Countertop reverse osmosis · filters on schedule · care and repair
      </div>
    </div>,
    size,
  );
}
