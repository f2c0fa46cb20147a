import type { NextConfig } from "next";
import { securityHeaders } from "./lib/config/security-headers";

const dev = process.env.NODE_ENV !== "production";
const apiBase = process.env.NEXT_PUBLIC_API_BASE_URL ?? "";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships ~15 MB of wasm (bundling it would copy that into the static output); argon2 is a
  // native addon. Both load from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2"],
  images: {
    // Every image is ours and served from /public; nothing is fetched from another host.
    remotePatterns: [],
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: securityHeaders({ dev, apiOrigin: apiBase ? new URL(apiBase).origin : "" }),
      },
    ];
  },
};

export default nextConfig;
