"use client";

import { chatLink } from "@/lib/site/contact";
import { UI } from "@/lib/config/store";
import { useScrollPast } from "@/lib/hooks/use-scroll-past";
import { ChatIcon } from "@/components/ui/icons";

/**
 * Floating button on every page: opens a WhatsApp chat with the support number. Hidden in the app.
 * On a phone it floats only once the page is scrolled (with back to top beside it): on the first
 * screen it covered the ends of "Add to cart" and "Create account", and the footer keeps room below
 * the page's last control so that nothing stays under it at the end (components/layout/footer.tsx).
 */
export function ChatButton({ phone }: { phone: string }) {
  const scrolled = useScrollPast(UI.backToTopThreshold);
  return (
    <a
      href={chatLink(phone)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Chat with Lenwell support on WhatsApp (${phone}, opens in a new tab)`}
      className={`app-hidden fixed bottom-4 right-4 z-30 h-14 w-14 items-center justify-center rounded-full bg-leaf-600 text-white shadow-card hover:bg-leaf-700 desk:bottom-6 desk:right-6 desk:inline-flex ${
        scrolled ? "inline-flex" : "hidden"
      }`}
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
