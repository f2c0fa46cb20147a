"use client";

import { useRetry } from "@/lib/hooks/use-retry";
import tokens from "@/tailwind.config";

// Replaces the root layout when it fails, so it cannot rely on the shell, its providers or the
// stylesheet the layout puts into the head (docs/decisions/0048): the few rules it needs are its own,
// and its colours the design tokens. Every page loads this file, so it stays small.
const { brand, ink } = tokens.theme.extend.colors;
const STYLE = `
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1.5rem;
text-align:center;color:${ink.DEFAULT};background:#fff;font-family:ui-sans-serif,system-ui,sans-serif}
h1{font-size:1.875rem;font-weight:700;margin:0}
p{margin:.75rem 0 0;color:${ink.soft}}
.actions{margin-top:1.5rem;display:flex;justify-content:center;gap:.75rem;flex-wrap:wrap}
button{height:3rem;border-radius:9999px;padding:0 1.5rem;font:inherit;font-weight:600;cursor:pointer;
border:1px solid ${brand[600]};background:#fff;color:${brand[700]}}
button.primary{background:${brand[600]};color:#fff}
button.primary:hover{background:${brand[700]}}
button[aria-disabled=true]{opacity:.7;cursor:progress}
:focus-visible{outline:3px solid ${brand[500]};outline-offset:2px}`;

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const tryAgain = useRetry(retry);
  return (
    <html lang="en">
      <head>
        <title>Something went wrong</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Something went wrong</h1>
          <p>The shop could not load this page{error.digest ? ` (reference ${error.digest})` : ""}. Please try again.</p>
          <div className="actions">
            <button type="button" className="primary" {...tryAgain.props}>
              {tryAgain.label}
            </button>
            {/* A full page load on purpose: the app shell itself failed. */}
            <button type="button" onClick={() => window.location.assign(window.location.origin)}>
              Home page
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
