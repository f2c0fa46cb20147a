import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { env } from "@/lib/config/env";
// Pages read through the services too (a customer with their plans): the domains are subscribed first.
import "@/lib/server/wiring";
import { STORE_NAME } from "@/lib/config/store";
import { HEAD_SCRIPT } from "@/lib/site/head-script";
import { SHOP_FONT_URL } from "@/lib/site/font";
import { Providers } from "@/components/layout/providers";
import { ShopStylesheet } from "@/components/layout/shop-stylesheet";
import { TopBar } from "@/components/layout/top-bar";
import { Footer } from "@/components/layout/footer";
import { ChatButton } from "@/components/layout/chat-button";
import { BackToTop } from "@/components/layout/back-to-top";
import { RouteScrollReset } from "@/components/layout/route-scroll-reset";
import { LoadingOverlay } from "@/components/layout/loading-overlay";
import { Alerts, Toasts } from "@/components/layout/notices";

export const metadata: Metadata = {
  metadataBase: new URL(env.SITE_URL),
  title: { default: `${STORE_NAME} water purifiers`, template: `%s | ${STORE_NAME}` },
  description: "Lenwell countertop reverse-osmosis water purifiers, replacement filters, membership and care plans, and mail-in repair.",
  applicationName: STORE_NAME,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  themeColor: "#0b6c9c",
  width: "device-width",
  initialScale: 1,
};

const MAIN_END_ID = "main-end";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ShopStylesheet />
        {/* The first paint waits until the page's main content is parsed (docs/decisions/0048). */}
        <link rel="expect" href={`#${MAIN_END_ID}`} blocking="render" />
        <link rel="preload" href={SHOP_FONT_URL} as="font" type="font/woff2" crossOrigin="anonymous" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col bg-white text-ink">
        <a
          href="#main"
          className="sr-only z-[90] rounded-md bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to main content
        </a>
        <Providers>
          {/* display: contents, so the bar stays sticky and the footer a flex item of the body. */}
          <div className="shop-chrome contents">
            <TopBar />
          </div>
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <span id={MAIN_END_ID} hidden />
          <div className="shop-chrome contents">
            <Footer email={env.SUPPORT_EMAIL} />
            {/* The floating buttons in a landmark of their own, so nothing on the page sits outside one. */}
            <aside aria-label="Quick help">
              <ChatButton phone={env.SUPPORT_PHONE} />
              <BackToTop />
            </aside>
          </div>
          <RouteScrollReset />
          <LoadingOverlay />
          <Alerts />
          <Toasts />
        </Providers>
      </body>
    </html>
  );
}
