import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships ~15 MB of wasm; bundling it would copy that into the static output.
  serverExternalPackages: ["@electric-sql/pglite"],
  images: {
    // Every image is ours and served from /public; nothing is fetched from another host.
    remotePatterns: [],
    dangerouslyAllowSVG: false,
  },
};

export default nextConfig;
