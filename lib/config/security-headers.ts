// Site-wide security headers. Browse pages are static, so their policy cannot carry a per-request
// nonce: scripts are limited to this origin plus Next's inline bootstrap, and never eval.

export function contentSecurityPolicy({ dev, apiOrigin }: { dev: boolean; apiOrigin: string }): string {
  const connect = ["'self'", apiOrigin].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    // React's dev overlay and fast refresh need eval; production never does.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders({ dev, apiOrigin }: { dev: boolean; apiOrigin: string }) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy({ dev, apiOrigin }) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
}
