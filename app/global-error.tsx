"use client";

import "./globals.css";

// Replaces the root layout when it fails, so it cannot rely on the shell or its providers. Its
// buttons keep their own classes rather than components/ui/button: every page loads this file, and
// the shared module would come along as a copy in its chunk.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh items-center justify-center bg-white p-6 text-center text-ink">
        <main>
          <h1 className="text-3xl font-bold">Something went wrong</h1>
          <p className="mt-3 text-ink-soft">
            The shop could not load this page{error.digest ? ` (reference ${error.digest})` : ""}. Please try again.
          </p>
          <div className="mt-6 flex justify-center gap-3">
            <button
              type="button"
              onClick={reset}
              className="h-12 rounded-full bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
            >
              Try again
            </button>
            {/* A full page load on purpose: the app shell itself failed. */}
            <button
              type="button"
              onClick={() => window.location.assign(window.location.origin)}
              className="h-12 rounded-full border border-brand-600 px-6 font-semibold text-brand-700"
            >
              Home page
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
